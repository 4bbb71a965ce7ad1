#include "config.h"

NetImpl::NetImpl(const TrainConfig &c) {
  fc1 = register_module("fc1", torch::nn::Linear(c.embed, c.hidden)); // CROSS-EXPECT: out_features = 100 of Linear `fc1` is not a multiple of 8
  fc2 = register_module("fc2", torch::nn::Linear(c.hidden, c.classes)); // CROSS-EXPECT: in_features = 100 of Linear `fc2` is not a multiple of 8
  patch_proj = register_module("patch_proj", torch::nn::Linear(c.stride, c.embed)); // CROSS-EXPECT: in_features = 30 of Linear `patch_proj` is not a multiple of 8
}

torch::Tensor NetImpl::forward(torch::Tensor x, torch::Tensor patches) {
  return fc2(torch::relu(fc1(x))) + patch_proj(patches).sum();
}

ProbeImpl::ProbeImpl(const TrainConfig &c) { proj = register_module("proj", torch::nn::Linear(c.hidden, 64)); }

HeadsImpl::HeadsImpl(const TrainConfig &c) { proj = register_module("proj", torch::nn::Linear(64, c.heads)); } // CROSS-EXPECT: out_features = 20 of Linear `proj` is not a multiple of 8

TailsImpl::TailsImpl(const TrainConfig &c) { proj = register_module("proj", torch::nn::Linear(64, c.heads)); }

Trainer::Trainer(SystemConfig &config) : config_(config) {}

torch::Tensor Trainer::build_and_run(torch::Tensor x) {
  head_ = torch::nn::Linear(config_.width, 32); // CROSS-EXPECT: in_features = 60 of Linear `head_` is not a multiple of 8
  return head_(x);
}
