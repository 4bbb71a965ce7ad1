#include "attention.h"

using torch::indexing::None;
using torch::indexing::Slice;

torch::Tensor sequence_mask(torch::Tensor X, torch::Tensor valid_len, float value) {
    int64_t maxlen = X.size(1);
    auto mask = torch::arange(maxlen, torch::TensorOptions().dtype(torch::kFloat32).device(X.device())).index({None, Slice()}) <
                valid_len.index({Slice(), None});
    return X.masked_fill(mask.logical_not(), value);
}

torch::Tensor masked_softmax(torch::Tensor X, torch::Tensor valid_lens) {
    // `X`: 3D tensor, `valid_lens`: 1D or 2D tensor
    if (!valid_lens.defined()) {
        return torch::nn::functional::softmax(X, /*dim=*/-1);
    }
    auto shape = X.sizes().vec();
    if (valid_lens.dim() == 1) {
        valid_lens = torch::repeat_interleave(valid_lens, shape[shape.size() - 2]);
    } else {
        valid_lens = valid_lens.reshape(-1);
    }
    auto flat = X.reshape({-1, shape.back()});
    auto mask = torch::arange(flat.size(1), valid_lens.options()).index({None, Slice()}) < valid_lens.index({Slice(), None});
    // On the last axis, replace masked elements with a very large negative value, whose exponentiation outputs 0
    flat = flat.masked_fill(mask.logical_not(), -1e6);
    return torch::nn::functional::softmax(flat, /*dim=*/-1).reshape(shape);
}

AdditiveAttentionImpl::AdditiveAttentionImpl(int64_t key_size, int64_t query_size, int64_t num_hiddens, float dropout) {
    W_k = torch::nn::Linear(torch::nn::LinearOptions(key_size, num_hiddens).bias(false));
    W_q = torch::nn::Linear(torch::nn::LinearOptions(query_size, num_hiddens).bias(false));
    W_v = torch::nn::Linear(torch::nn::LinearOptions(num_hiddens, 1).bias(false));
    dpout = torch::nn::Dropout(dropout);
    register_module("W_k", W_k);
    register_module("W_q", W_q);
    register_module("W_v", W_v);
    register_module("dpout", dpout);
}

torch::Tensor AdditiveAttentionImpl::forward(torch::Tensor queries, torch::Tensor keys, torch::Tensor values,
                                             torch::Tensor valid_lens) {
    queries = W_q->forward(queries);
    keys = W_k->forward(keys);
    // (batch, queries, 1, hiddens) + (batch, 1, keys, hiddens), broadcast
    auto features = torch::tanh(queries.unsqueeze(2) + keys.unsqueeze(1));
    // one output of W_v: drop the last axis -> (batch, queries, keys)
    auto scores = W_v->forward(features).squeeze(-1);
    attention_weights = masked_softmax(scores, valid_lens);
    // (batch, queries, value dimension)
    return torch::bmm(dpout->forward(attention_weights), values);
}
