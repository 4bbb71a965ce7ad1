#include "population.h"
#include <iostream>
#include "evolve.h"
#include "utils.h"

namespace population {

    auto random_individual(const config::EvolveConfig& evo) -> Individual {
        const uint32_t depth = utils::randint(1, 3);
        std::vector<uint32_t> widths{2};
        for (uint32_t d = 0; d < depth; ++d) {
            widths.push_back(utils::randint(evo.min_width, evo.max_width));
        }
        widths.push_back(2);
        return {models::make_MLP(widths), 1e9f};
    }

    auto mutate(const Individual& parent, const config::EvolveConfig& evo) -> Individual {
        auto widths = parent.model->get_widths();
        const uint32_t pos = utils::randint(1, widths.size() - 1);
        const int delta = static_cast<int>(utils::randint(0, 17)) - 8;
        widths[pos] = std::clamp<int>(static_cast<int>(widths[pos]) + delta,
                                      evo.min_width, evo.max_width);
        return {models::make_MLP(widths), 1e9f};
    }

    // gradient-informed "Lamarckian" nudge of a survivor's weights, done by hand
    auto lamarck_refine(models::model_ptr model, const config::TrainConfig& config,
                        int steps) -> float {
        model->train();
        float last = 0.f;
        for (int s = 0; s < steps; ++s) {
            auto batch_xy = utils::generate_xy(config.n_batch, model->get_in_size());
            auto loss = torch::mse_loss(model->forward(batch_xy.first), batch_xy.second);
            loss.backward();
            {
                torch::NoGradGuard no_grad;
                for (auto& p : model->parameters()) {
                    if (p.grad().defined()) {
                        p.sub_(config.lr * 5.0f * p.grad());
                        p.grad().zero_();
                    }
                }
            }
            last = loss.item<float>();
        }
        return last;
    }

    auto run_generations(std::vector<Individual>& pop,
                         const config::EvolveConfig& evo,
                         const config::TrainConfig& train_cfg,
                         const config::EvalConfig& eval_cfg) -> Individual {
        for (uint32_t gen = 0; gen < evo.generations; ++gen) {
            std::vector<float> fitness;
            for (auto& ind : pop) {
                evolve::train_model(ind.model, train_cfg);
                ind.fitness = utils::average(evolve::score_model(ind.model, eval_cfg));
                fitness.push_back(ind.fitness);
            }
            auto ranked = utils::sort_by(pop, fitness);
            std::cout << "generation " << gen << ": best fitness " << ranked.front().fitness
                      << " (widths";
            for (auto w : ranked.front().model->get_widths()) std::cout << " " << w;
            std::cout << ")" << std::endl;
            pop.clear();
            for (uint32_t s = 0; s < evo.survivors; ++s) {
                lamarck_refine(ranked[s].model, train_cfg, 5);
                pop.push_back(ranked[s]);
            }
            while (pop.size() < evo.population) {
                pop.push_back(mutate(pop[utils::randint(0, evo.survivors)], evo));
            }
        }
        for (auto& ind : pop) {
            ind.fitness = utils::average(evolve::score_model(ind.model, eval_cfg));
        }
        std::vector<float> fitness;
        for (auto& ind : pop) fitness.push_back(ind.fitness);
        return utils::sort_by(pop, fitness).front();
    }
}
