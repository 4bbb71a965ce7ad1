/*
 * A Cora-like citation graph, generated: a planted partition with bag-of-words features.
 */
#pragma once
#include <torch/torch.h>

constexpr int64_t kNumFeatures = 50;
constexpr int64_t kNumClasses = 7;

struct Graph {
  torch::Tensor x;          // [N, kNumFeatures] float
  torch::Tensor a;          // [N, N] float, D^-1/2 (A + I) D^-1/2
  torch::Tensor y;          // [N] int64
  torch::Tensor train_idx;  // int64
  torch::Tensor test_idx;   // int64
};

Graph make_planted_partition(int64_t nodes_per_class, double p_in, double p_out, int64_t train_per_class);
