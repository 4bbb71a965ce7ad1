#include "bi_rnn.h"

#include <torch/torch.h>

BiRNNImpl::BiRNNImpl(int64_t input_size, int64_t hidden_size, int64_t num_layers, int64_t num_classes)
    : lstm(torch::nn::LSTMOptions(input_size, hidden_size)
               .num_layers(num_layers)
               .batch_first(true)
               .bidirectional(true)),
      fc(hidden_size * 2, num_classes) {
    register_module("lstm", lstm);
    register_module("fc", fc);
}

torch::Tensor BiRNNImpl::forward(torch::Tensor x) {
    auto out = std::get<0>(lstm->forward(x));  // (batch, seq_len, 2 * hidden_size)
    const auto half = out.size(2) / 2;

    // The forward direction has read the whole row at the last step, the backward one at the first.
    auto forward_state = out.narrow(2, 0, half).select(1, out.size(1) - 1);
    auto backward_state = out.narrow(2, half, half).select(1, 0);

    auto logits = fc->forward(torch::cat({forward_state, backward_state}, -1));
    return torch::log_softmax(logits, -1);
}
