#pragma once

#include <torch/torch.h>

#include <utility>
#include <vector>

#include "config.h"
#include "encoder.h"

using Batch = std::pair<torch::Tensor, torch::Tensor>;  // (tokens, labels)

// One pass over the training batches; returns the mean loss.
double train_epoch(TextClassifier& model, torch::optim::AdamW& optimizer, const std::vector<Batch>& batches,
                   const TrainConfig& cfg, torch::Device device);

// Accuracy over the evaluation batches.
double evaluate(TextClassifier& model, const std::vector<Batch>& batches, torch::Device device);
