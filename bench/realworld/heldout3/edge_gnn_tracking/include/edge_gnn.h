#pragma once

#include "mlp.h"

// Interaction-network edge classifier for track finding: which hit pairs belong to the same track.
class EdgeClassificationGNNImpl final : public torch::nn::Module
{
public:
    EdgeClassificationGNNImpl(const int node_attr_size, const int edge_attr_size, const size_t n_iters_ = 3,
                              const int node_hidden_size = 32, const int edge_hidden_size = 32,
                              const std::vector<int>& hidden_sizes = std::vector<int>{64, 64});
    ~EdgeClassificationGNNImpl() override = default;

    // edge probabilities, (num_edges)
    torch::Tensor forward(torch::Tensor edge_index, torch::Tensor node_attr, torch::Tensor edge_attr);

private:
    size_t n_iters;
    MLP<> node_encoder{nullptr}, edge_encoder{nullptr}, node_update{nullptr}, edge_update{nullptr};
    MLP<torch::nn::Tanh, torch::nn::Sigmoid> edge_classifier{nullptr};
};

TORCH_MODULE(EdgeClassificationGNN);
