// A feed-forward net whose sizes come from main.cpp (pytorch-cpp's tutorial layout).
#pragma once

#include <torch/torch.h>

class NeuralNetImpl : public torch::nn::Module {
 public:
  NeuralNetImpl(int64_t input_size, int64_t hidden_size, int64_t num_classes);
  torch::Tensor forward(torch::Tensor x);

 private:
  torch::nn::Linear fc1{nullptr};
  torch::nn::Linear fc2{nullptr};
};

TORCH_MODULE(NeuralNet);
