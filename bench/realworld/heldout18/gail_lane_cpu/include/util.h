#pragma once
#include <torch/torch.h>
#include <memory>
#include <sstream>
#include <string>

#include "lane_sim.h"

template<typename T>
T toNumber(torch::Tensor x) {
    return x.item().to<T>();
}

// Scale of the relative positions in the state (defined in expert.cpp).
extern const float near_by_scale;

// The scripted expert whose actions the discriminator calls "expert".
int get_default(torch::Tensor x);

// Move vector of one of the 9 actions (0 = stay, 1..8 = eight directions).
pos_tup get_move_vec(int dir);

// In-memory checkpoints (the original wrote actor_<n>.model files).
void save_model(const std::shared_ptr<torch::nn::Module>& model, const std::string& name, int count);
size_t checkpoint_count();
