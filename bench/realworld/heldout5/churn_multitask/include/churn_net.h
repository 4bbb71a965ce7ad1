#pragma once

#include <torch/torch.h>

// Layout of a customer record.
constexpr int64_t kNumNumeric = 10;     // tenure, charges, usage... (standardised)
constexpr int64_t kNumCategorical = 4;  // plan, region, payment method, device
constexpr int64_t kCardinality = 12;    // levels per categorical column
constexpr int64_t kCatDim = 4;          // embedding width per categorical column
constexpr int64_t kHidden = 64;

// Declares a submodule and registers it when the object is constructed.
#define ADD_LAYER(name, type, options) \
  torch::nn::type name = register_module(#name, torch::nn::type(torch::nn::options))

struct ChurnOutput {
  torch::Tensor churn_logit;  // [N]: logit of leaving next month
  torch::Tensor call_rate;    // [N]: expected number of support calls next month
};

// Two-headed MLP over numeric columns and categorical embeddings.
struct ChurnNetImpl : torch::nn::Module {
  ChurnNetImpl();
  ChurnOutput forward(const torch::Tensor& numeric, const torch::Tensor& categorical);

  torch::nn::ModuleList embeddings = register_module("embeddings", torch::nn::ModuleList());
  ADD_LAYER(trunk_in, Linear, LinearOptions(kNumNumeric + kNumCategorical * kCatDim, kHidden));
  ADD_LAYER(trunk_norm, BatchNorm1d, BatchNorm1dOptions(kHidden));
  ADD_LAYER(trunk_hidden, Linear, LinearOptions(kHidden, kHidden));
  ADD_LAYER(dropout, Dropout, DropoutOptions(0.1));
  ADD_LAYER(churn_head, Linear, LinearOptions(kHidden, 1));
  ADD_LAYER(calls_head, Linear, LinearOptions(kHidden, 1));
};
TORCH_MODULE(ChurnNet);
