#include "Attention.h"

namespace train::agent {

Attention::Attention(long d_x, long d_h, float dp)
    : w(d_x, d_h),
    dropout(dp)
{
    register_module("w", w);
}

// input: [window, batch, features]; each day attends to itself and the days before it
torch::Tensor Attention::forward(torch::Tensor input) {
    auto x = torch::transpose(input, 0, 1);                          // [batch, window, features]
    auto v_t = torch::relu(w->forward(x));
    auto e_t = torch::matmul(v_t, torch::transpose(v_t, 2, 1));      // [batch, window, window]
    auto future = torch::ones({x.size(1), x.size(1)},
                              torch::TensorOptions().dtype(torch::kBool).device(x.device())).triu(1);
    e_t = e_t.masked_fill(future, -1e9);
    e_t = torch::softmax(e_t, -1);
    e_t = torch::dropout(e_t, dropout, is_training());
    return torch::transpose(torch::matmul(e_t, x), 0, 1);
}

};
