#pragma once

#include <torch/torch.h>

#include <tuple>

// Multi-layer GRU over batch-first embeddings.
class GruCoreImpl : public torch::nn::Module {
 public:
  GruCoreImpl(int64_t input_size, int64_t hidden_size, int64_t num_layers, double dropout);
  // x: [B, T, input_size], h0: [num_layers, B, hidden_size]
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x, torch::Tensor h0);
  torch::Tensor initial_state(int64_t batch, torch::Device device) const;

 private:
  int64_t hidden_size_;
  int64_t num_layers_;
  torch::nn::GRU gru_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(GruCore);
