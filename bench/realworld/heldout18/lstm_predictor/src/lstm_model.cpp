/**
 * @file lstm_model.cpp
 * @brief Implementation of LSTM neural network model
 */

#include "lstm_model.h"

namespace lstm_predictor {

LSTMModelImpl::LSTMModelImpl(int64_t inputSize, int64_t hiddenSize,
                             int64_t numLayers, int64_t outputSize, double dropout,
                             int64_t warmup)
    : hiddenSize_(hiddenSize), numLayers_(numLayers), warmup_(warmup) {

    // Configure LSTM options
    torch::nn::LSTMOptions lstmOptions(inputSize, hiddenSize);
    lstmOptions.num_layers(numLayers)
               .batch_first(true);  // Input shape: [batch, seq, feature]

    // Add dropout between LSTM layers if more than 1 layer
    if (numLayers > 1) {
        lstmOptions.dropout(dropout);
    }

    // Create LSTM layer
    lstm_ = register_module("lstm", torch::nn::LSTM(lstmOptions));

    // Attention score per time step (temporal pooling)
    attn_ = register_module("attn", torch::nn::Linear(hiddenSize, 1));

    // Create dropout layer
    dropout_ = register_module("dropout", torch::nn::Dropout(dropout));

    // Create fully connected output layer
    fc_ = register_module("fc", torch::nn::Linear(hiddenSize, outputSize));
}

torch::Tensor LSTMModelImpl::forward(torch::Tensor x) {
    // Input shape: [batch_size, seq_length, input_size]

    // Initialize hidden state and cell state with zeros
    auto batchSize = x.size(0);
    auto h0 = torch::zeros({numLayers_, batchSize, hiddenSize_}).to(x.device());
    auto c0 = torch::zeros({numLayers_, batchSize, hiddenSize_}).to(x.device());

    // Forward propagate LSTM
    // output shape: [batch_size, seq_length, hidden_size]
    auto lstmOut = lstm_->forward(x, std::make_tuple(h0, c0));
    auto output = std::get<0>(lstmOut);

    // Attention over the time steps; the spin-up steps get no weight
    auto scores = attn_->forward(output).squeeze(-1);          // [batch, seq]
    auto warmupMask = torch::arange(x.size(1), x.options().dtype(torch::kLong)) < warmup_;
    scores = scores.masked_fill(warmupMask.unsqueeze(0), -1e9);
    auto weights = torch::softmax(scores, 1);
    output = (weights.unsqueeze(-1) * output).sum(1);         // [batch, hidden]

    // Apply dropout
    output = dropout_->forward(output);

    // Fully connected layer on the log of the flow; the flow is its exponential
    // Shape: [batch_size, output_size]
    return fc_->forward(output).exp_();
}

int64_t LSTMModelImpl::getNumParameters() const {
    int64_t numParams = 0;
    for (const auto& param : parameters()) {
        numParams += param.numel();
    }
    return numParams;
}

} // namespace lstm_predictor
