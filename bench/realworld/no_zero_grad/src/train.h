#pragma once

#include <torch/torch.h>

/// Trains with gradients accumulated over 4 micro-batches, zeroed after each step.
void train_accumulating(torch::nn::Linear &model, torch::optim::SGD &optimizer, torch::Device device);
