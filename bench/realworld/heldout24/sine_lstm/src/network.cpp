#include "network.h"

Network::Network(int inputSize, int hiddenSize, int layersN)
    : mLSTM(torch::nn::LSTMOptions(inputSize, hiddenSize).num_layers(layersN).batch_first(true))
    , mLinear(hiddenSize, 1)
{
    register_module("lstm", mLSTM);
    register_module("linear", mLinear);

    // Xavier initialization for LSTM parameters
    for (auto& p : mLSTM->named_parameters())
        if (p.key().find("weight") != std::string::npos)
            torch::nn::init::xavier_uniform_(p.value());

    // Xavier initialization for Linear parameters
    for (auto& p : mLinear->named_parameters())
        if (p.key().find("weight") != std::string::npos)
            torch::nn::init::xavier_uniform_(p.value());
}

torch::Tensor Network::forward(torch::Tensor x)
{
    // Initialize hidden and cell states with zeros
    const auto& opts = mLSTM->options;
    // h0, c0: {num_layers, seqs_batch, hidden_size}
    torch::Tensor h0 = torch::zeros({opts.num_layers(), x.size(0), opts.hidden_size()});
    torch::Tensor c0 = torch::zeros({opts.num_layers(), x.size(0), opts.hidden_size()});

    // out: {seqs_batch, seq_len, hidden_size}
    auto lstm_out = mLSTM->forward(x, std::make_tuple(h0, c0));
    auto out = std::get<0>(lstm_out);

    // Select the last output of each sequence: {seqs_batch, hidden_size}
    out = out.select(1, -1);

    // {seqs_batch, 1} -> {seqs_batch}
    out = mLinear->forward(out);
    return out.squeeze(-1);
}
