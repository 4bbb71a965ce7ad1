#include "pooling.h"

torch::nn::Sequential make_attention_scorer(int64_t in_features, int64_t att_dim) {
  return torch::nn::Sequential(
      torch::nn::Linear(in_features, att_dim),
      torch::nn::Tanh(),
      torch::nn::Linear(att_dim, 1));
}
