#ifndef __EVOLVE__
#define __EVOLVE__
#include <torch/torch.h>
#include <vector>
#include "models.h"
#include "config.h"
#include "utils.h"

namespace evolve {
    auto train_model(models::model_ptr model,
                     const config::TrainConfig& config) -> float;
    auto score_model(models::model_ptr model,
                     const config::EvalConfig& config) -> std::vector<float>;
}
#endif
