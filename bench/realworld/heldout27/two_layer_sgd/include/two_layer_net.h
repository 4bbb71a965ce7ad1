#pragma once

#include <torch/torch.h>

// N is batch size; D_in is input dimension
// H is hidden dimension; D_out is output dimension
const int64_t N = 64;
const int64_t D_in = 1000;
const int64_t H = 100;
const int64_t D_out = 10;

struct TwoLayerNet : torch::nn::Module {
  TwoLayerNet();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear linear1;
  torch::nn::Linear linear2;
};
