#pragma once
#include <initializer_list>
#include <torch/torch.h>

// Feature-only baseline: Linear layers of the given hidden widths with ReLU between them.
class MLPImpl : public torch::nn::Module {
public:
  MLPImpl(int64_t in_features, std::initializer_list<int64_t> hidden, int64_t out_features);
  torch::Tensor forward(torch::Tensor x);

private:
  torch::nn::Sequential net = nullptr;
};
TORCH_MODULE(MLP);
