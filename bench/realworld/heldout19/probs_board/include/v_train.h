#pragma once
#include <torch/torch.h>

#include <random>
#include <vector>

#include "board.h"
#include "config_parser.h"
#include "network.h"

namespace probs {

struct SelfPlayRow {
    game::PositionHistory history;   // position and the ones before it
    torch::Tensor planes;            // its encoding
    float score;                     // final result from the side to move: 1 win, 0 draw, -1 loss
};

std::vector<SelfPlayRow> SelfPlay(ResNet q_model, at::Device &device, const ConfigParser &config_parser,
                                  const int n_games, std::mt19937 &rng);

double TrainV(const ConfigParser &config_parser, ResNet v_model, at::Device &device, torch::optim::AdamW &v_optimizer,
              std::vector<SelfPlayRow> &v_dataset, std::mt19937 &rng);

}  // namespace probs
