#include "gat_layer.h"

namespace F = torch::nn::functional;

GraphAttentionLayerImpl::GraphAttentionLayerImpl(int64_t in_features, int64_t out_features,
                                                 double dropout, double alpha, bool concat)
    : dropout_(dropout), alpha_(alpha), concat_(concat) {
  W_ = register_module("W", torch::nn::Linear(torch::nn::LinearOptions(in_features, out_features).bias(false)));
  a_src_ = register_module("a_src", torch::nn::Linear(torch::nn::LinearOptions(out_features, 1).bias(false)));
  a_dst_ = register_module("a_dst", torch::nn::Linear(torch::nn::LinearOptions(out_features, 1).bias(false)));
}

torch::Tensor GraphAttentionLayerImpl::forward(const torch::Tensor& h, const torch::Tensor& adj) {
  auto Wh = W_->forward(h);
  auto e = torch::leaky_relu(a_src_->forward(Wh) + a_dst_->forward(Wh).t(), alpha_);

  auto zero_vec = -9e15 * torch::ones_like(e);
  auto attention = torch::where(adj > 0, e, zero_vec);
  attention = torch::softmax(attention, 1);
  attention = F::dropout(attention, F::DropoutFuncOptions().p(dropout_).training(is_training()));
  auto h_prime = torch::matmul(attention, Wh);
  return concat_ ? F::elu(h_prime) : h_prime;
}
