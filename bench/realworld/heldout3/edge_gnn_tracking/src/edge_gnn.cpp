#include "edge_gnn.h"

EdgeClassificationGNNImpl::EdgeClassificationGNNImpl(const int node_attr_size, const int edge_attr_size,
                                                     const size_t n_iters_, const int node_hidden_size,
                                                     const int edge_hidden_size, const std::vector<int>& hidden_sizes)
    : n_iters(n_iters_)
{
    try
    {
        node_encoder = register_module("node_encoder", MLP<>(node_attr_size,
                                                             hidden_sizes,
                                                             node_hidden_size));

        edge_encoder = register_module("edge_encoder", MLP<>(2 * node_attr_size + edge_attr_size,
                                                             hidden_sizes,
                                                             edge_hidden_size));

        node_update = register_module("node_update", MLP<>(node_hidden_size + edge_hidden_size,
                                                           hidden_sizes,
                                                           node_hidden_size));

        edge_update = register_module("edge_update", MLP<>(2 * node_hidden_size + edge_hidden_size,
                                                           hidden_sizes,
                                                           edge_hidden_size));

        edge_classifier = register_module("edge_classifier",
                                          MLP<torch::nn::Tanh, torch::nn::Sigmoid>(2 * node_hidden_size + edge_hidden_size +
                                                                                   2 * node_attr_size + edge_attr_size,
                                                                                   hidden_sizes,
                                                                                   1));
    }
    catch (const std::exception& ex)
    {
        std::cerr << "EdgeClassificationGNNImpl::EdgeClassificationGNNImpl: " << ex.what() << '\n';
        std::exit(1);
    }
}

torch::Tensor EdgeClassificationGNNImpl::forward(torch::Tensor edge_index, torch::Tensor node_attr, torch::Tensor edge_attr)
{
    auto row = edge_index[0];
    auto col = edge_index[1];

    auto edge_hidden = edge_encoder->forward(torch::cat({node_attr.index_select(0, row),
                                                         node_attr.index_select(0, col),
                                                         edge_attr}, 1));
    auto node_hidden = node_encoder->forward(node_attr);

    for (size_t i = 0; i < n_iters; ++i)
    {
        // messages summed at the receiving hit
        auto aggregated = torch::zeros({node_hidden.size(0), edge_hidden.size(1)}, edge_hidden.options())
                              .index_add_(0, col, edge_hidden);
        node_hidden = node_hidden + node_update->forward(torch::cat({node_hidden, aggregated}, 1));
        edge_hidden = edge_hidden + edge_update->forward(torch::cat({node_hidden.index_select(0, row),
                                                                    node_hidden.index_select(0, col),
                                                                    edge_hidden}, 1));
    }

    auto features = torch::cat({node_hidden.index_select(0, row),
                                node_hidden.index_select(0, col),
                                edge_hidden,
                                node_attr.index_select(0, row),
                                node_attr.index_select(0, col),
                                edge_attr}, 1);
    return edge_classifier->forward(features).squeeze(-1);
}
