#pragma once

#include <torch/torch.h>

#include <vector>

#include "model.h"

using Batches = std::vector<torch::data::Example<>>;

void train_model(int32_t epochs, TextCNN& model, const Batches& train_batches, const Batches& test_batches,
                 torch::Device device);
