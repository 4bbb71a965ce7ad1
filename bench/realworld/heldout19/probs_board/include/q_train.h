#pragma once
#include <torch/torch.h>

#include <random>
#include <vector>

#include "config_parser.h"
#include "network.h"
#include "v_train.h"

namespace probs {

struct QDatasetRow {
    torch::Tensor input_planes;   // [kInputPlanes, kRows, kCols]
    torch::Tensor target;         // [kCols] one-step look-ahead values from V
    torch::Tensor legal;          // [kCols] 1 for a legal column
    torch::Tensor landing_rows;   // [kCols] long
};

using QDataset = std::vector<QDatasetRow>;

QDataset GetQDataset(ResNet v_model, at::Device &device, const ConfigParser &config_parser,
                     const std::vector<SelfPlayRow> &positions, std::mt19937 &rng);

double TrainQ(const ConfigParser &config_parser, ResNet q_model, at::Device &device, torch::optim::AdamW &q_optimizer,
              QDataset &q_dataset, std::mt19937 &rng);

}  // namespace probs
