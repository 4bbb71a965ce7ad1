#pragma once

#include <torch/torch.h>

// Single-head graph attention layer (Velickovic et al.) on a dense adjacency.
class GraphAttentionLayerImpl : public torch::nn::Module {
 public:
  GraphAttentionLayerImpl(int64_t in_features, int64_t out_features, double dropout, double alpha,
                          bool concat);
  torch::Tensor forward(const torch::Tensor& h, const torch::Tensor& adj);

 private:
  double dropout_;
  double alpha_;
  bool concat_;
  torch::nn::Linear W_{nullptr};
  torch::nn::Linear a_src_{nullptr};
  torch::nn::Linear a_dst_{nullptr};
};
TORCH_MODULE(GraphAttentionLayer);
