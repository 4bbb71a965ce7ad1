#include "attention.h"

#include <cmath>

#include "gpt_config.h"

HeadImpl::HeadImpl(int64_t head_size) : head_size_(head_size) {
  key_ = register_module("key", torch::nn::Linear(torch::nn::LinearOptions(kEmbedSize, head_size).bias(false)));
  query_ = register_module("query", torch::nn::Linear(torch::nn::LinearOptions(kEmbedSize, head_size).bias(false)));
  value_ = register_module("value", torch::nn::Linear(torch::nn::LinearOptions(kEmbedSize, head_size).bias(false)));
  dropout_ = register_module("dropout", torch::nn::Dropout(kDropout));
  tril_ = register_buffer("tril", torch::tril(torch::ones({kSeqLen, kSeqLen})));
}

torch::Tensor HeadImpl::forward(const torch::Tensor &x) {
  const int64_t T = x.size(1);
  auto k = key_(x);
  auto q = query_(x);
  auto wei = q.matmul(k.transpose(-2, -1)) * std::pow(static_cast<double>(head_size_), -0.5);
  wei = wei.masked_fill(tril_.slice(0, 0, T).slice(1, 0, T) == 0, -1e9);
  wei = torch::softmax(wei, -1);
  wei = dropout_(wei);
  return wei.matmul(value_(x));
}

MultiHeadAttentionImpl::MultiHeadAttentionImpl(int64_t num_heads, int64_t head_size) {
  heads_ = register_module("heads", torch::nn::ModuleList());
  for (int64_t h = 0; h < num_heads; ++h) {
    heads_->push_back(Head(head_size));
  }
  proj_ = register_module("proj", torch::nn::Linear(num_heads * head_size, kEmbedSize));
  dropout_ = register_module("dropout", torch::nn::Dropout(kDropout));
}

torch::Tensor MultiHeadAttentionImpl::forward(const torch::Tensor &x) {
  std::vector<torch::Tensor> outs;
  for (const auto &head : *heads_) {
    outs.push_back(head->as<Head>()->forward(x));
  }
  return dropout_(proj_(torch::cat(outs, -1)));
}
