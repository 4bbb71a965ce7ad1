#pragma once

#include <torch/torch.h>

#include "forecaster.h"

// Trains the forecaster on (inputs, targets) in minibatches; returns the last batch loss.
double train_forecaster(Forecaster &model, const torch::Tensor &inputs, const torch::Tensor &targets,
                        torch::Device device, int64_t num_epochs, int64_t batch_size);
