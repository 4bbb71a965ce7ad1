#pragma once

#include <torch/torch.h>

// Fully connected tanh network on Fourier features of x (sin and cos of
// k * pi * x, k = 1..num_freqs) concatenated with t.
class FourierNetImpl : public torch::nn::Module {
 public:
  FourierNetImpl(int64_t num_freqs, int64_t width, int64_t depth);

  // x, t: [N, 1]. Returns u(x, t): [N, 1].
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& t);

 private:
  torch::Tensor features(const torch::Tensor& x, const torch::Tensor& t) const;

  torch::nn::Linear input_{nullptr};
  torch::nn::ModuleList hidden_{nullptr};
  torch::nn::Linear output_{nullptr};
  torch::Tensor frequencies_;
};
TORCH_MODULE(FourierNet);
