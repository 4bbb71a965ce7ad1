#pragma once

#include <torch/torch.h>

struct CitationGraph {
  torch::Tensor features;   // [N, kFeatureDim], rows normalised to sum 1
  torch::Tensor adjacency;  // [N, N], symmetric 0/1 with self loops
  torch::Tensor labels;     // [N]
  torch::Tensor train_idx;
  torch::Tensor val_idx;
  torch::Tensor test_idx;
};

// Stochastic block model with one block per class and class-dependent word
// distributions for the node features.
CitationGraph make_citation_graph(int64_t nodes_per_class);
