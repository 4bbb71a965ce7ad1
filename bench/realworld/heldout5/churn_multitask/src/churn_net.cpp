#include "churn_net.h"

#include <vector>

ChurnNetImpl::ChurnNetImpl() {
  for (int64_t c = 0; c < kNumCategorical; ++c) {
    embeddings->push_back(torch::nn::Embedding(kCardinality, kCatDim));
  }
}

ChurnOutput ChurnNetImpl::forward(const torch::Tensor& numeric, const torch::Tensor& categorical) {
  std::vector<torch::Tensor> columns{numeric};
  for (int64_t c = 0; c < kNumCategorical; ++c) {
    columns.push_back(embeddings[c]->as<torch::nn::Embedding>()->forward(categorical.select(1, c)));
  }
  auto h = torch::relu(trunk_norm->forward(trunk_in->forward(torch::cat(columns, 1))));
  h = dropout->forward(torch::relu(trunk_hidden->forward(h)));

  ChurnOutput out;
  out.churn_logit = churn_head->forward(h).squeeze(1);
  out.call_rate = calls_head->forward(h).squeeze(1);
  out.call_rate.exp_();  // log link: the head predicts log(rate)
  return out;
}
