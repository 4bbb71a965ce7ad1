// The model whose sizes constants.h leaves to sizes.cpp (CrossUnitConstants).
#pragma once
#include <torch/torch.h>

struct ProjImpl : torch::nn::Module {
  ProjImpl(int64_t in, int64_t out);
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Proj);

torch::nn::Linear make_doubled(int64_t half);
