#include <iostream>
#include <torch/torch.h>
#include "config.h"
#include "evolve.h"
#include "models.h"
#include "population.h"
#include "utils.h"

// CPU only, as the original: no device anywhere.
auto main(int, char**) -> int {
    torch::manual_seed(42);
    srand(42);

    auto mynet = models::MLP({2, 100, 2}); // you want to have your net class on the heap -> threads etc
    utils::explain(mynet);

    const config::TrainConfig train_cfg{32, 9600, 1e-3f};   // 300 Adam steps
    const config::EvalConfig eval_cfg{256, 2048};
    const config::TrainConfig gen_cfg{32, 1280, 2e-3f};     // 40 Adam steps per individual and generation
    const config::EvolveConfig evo{6, 4, 2, 8, 48};

    auto model = models::make_MLP({2, 200, 2});
    const float before = utils::average(evolve::score_model(model, eval_cfg));
    const float final_loss = evolve::train_model(model, train_cfg);
    const float after = utils::average(evolve::score_model(model, eval_cfg));
    std::cout << "MLP {2, 200, 2}: test MSE " << before << " -> " << after << std::endl;

    std::vector<population::Individual> pop;
    pop.push_back({models::make_MLP({2, config::kSeedWidth, config::kSeedWidth, 2}), 1e9f});
    while (pop.size() < evo.population) {
        pop.push_back(population::random_individual(evo));
    }
    auto best = population::run_generations(pop, evo, gen_cfg, eval_cfg);
    std::cout << "best evolved MLP: test MSE " << best.fitness << " with "
              << best.model->get_n_parameters() << " parameters" << std::endl;

    std::cout << "final loss: " << final_loss << std::endl;
    std::cout << "test MSE: " << after << std::endl;
    return EXIT_SUCCESS;
}
