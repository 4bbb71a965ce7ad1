#include "graph.h"

Graph make_planted_partition(int64_t nodes_per_class, double p_in, double p_out, int64_t train_per_class) {
  Graph g;
  const int64_t n = nodes_per_class * kNumClasses;
  g.y = torch::arange(kNumClasses, torch::kInt64).repeat_interleave(nodes_per_class);

  // edges: p_in inside a class, p_out across classes, symmetric, no self loops yet
  auto same = g.y.unsqueeze(0).eq(g.y.unsqueeze(1)).to(torch::kFloat32);
  auto prob = same * p_in + (1 - same) * p_out;
  auto upper = torch::bernoulli(prob).triu(1);
  auto adj = upper + upper.t() + torch::eye(n);
  auto deg_inv_sqrt = adj.sum(1).pow(-0.5);
  g.a = deg_inv_sqrt.unsqueeze(1) * adj * deg_inv_sqrt.unsqueeze(0);

  // weak class-dependent word probabilities
  auto prototypes = 0.05 + 0.25 * torch::rand({kNumClasses, kNumFeatures});
  g.x = torch::bernoulli(prototypes.index_select(0, g.y));

  // first train_per_class nodes of each class (in a random order) train, the rest test
  std::vector<torch::Tensor> train, test;
  for (int64_t c = 0; c < kNumClasses; ++c) {
    auto nodes = torch::randperm(nodes_per_class, torch::kInt64) + c * nodes_per_class;
    train.push_back(nodes.slice(0, 0, train_per_class));
    test.push_back(nodes.slice(0, train_per_class));
  }
  g.train_idx = torch::cat(train);
  g.test_idx = torch::cat(test);
  return g;
}
