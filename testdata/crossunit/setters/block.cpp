#include "model.h"

BlockOptions::BlockOptions() = default;

BlockOptions &BlockOptions::Dim(int64_t x) {
  dim = x;
  return *this;
}

BlockOptions &BlockOptions::Ffn(int64_t x) {
  ffn = x;
  return *this;
}

BlockImpl::BlockImpl(const BlockOptions &o) {
  fc1 = register_module("fc1", torch::nn::Linear(o.dim, o.ffn)); // CROSS-EXPECT: in_features = 100 of Linear `fc1` is not a multiple of 8
  fc2 = register_module("fc2", torch::nn::Linear(o.ffn, o.dim)); // CROSS-EXPECT: out_features = 100 of Linear `fc2` is not a multiple of 8
}

torch::Tensor BlockImpl::forward(torch::Tensor x) { return fc2(torch::relu(fc1(x))); }
