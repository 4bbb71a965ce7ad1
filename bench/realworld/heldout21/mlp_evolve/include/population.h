#ifndef __POPULATION__
#define __POPULATION__
#include <vector>
#include "config.h"
#include "models.h"

namespace population {
    struct Individual {
        models::model_ptr model;
        float fitness;
    };

    auto random_individual(const config::EvolveConfig& evo) -> Individual;
    auto mutate(const Individual& parent, const config::EvolveConfig& evo) -> Individual;
    auto lamarck_refine(models::model_ptr model, const config::TrainConfig& config,
                        int steps) -> float;
    auto run_generations(std::vector<Individual>& pop,
                         const config::EvolveConfig& evo,
                         const config::TrainConfig& train_cfg,
                         const config::EvalConfig& eval_cfg) -> Individual;
}
#endif
