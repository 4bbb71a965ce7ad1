#pragma once

#include <torch/torch.h>

#include "ai_config.h"

// pinnFoam's RMSprop loop: data MSE plus the MSE of |grad psi| against 1.
double trainApproximator(torch::nn::Sequential& nn, const AiConfig& cfg,
                         torch::Tensor cc_training, torch::Tensor vf_training);

// A few L-BFGS rounds on the data MSE after the RMSprop loop.
double refineApproximator(torch::nn::Sequential& nn, torch::Tensor cc_training,
                          torch::Tensor vf_training, int rounds);
