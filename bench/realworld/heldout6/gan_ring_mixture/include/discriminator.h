#pragma once

#include <torch/torch.h>

class DiscriminatorImpl : public torch::nn::Module {
 public:
  DiscriminatorImpl(int64_t in_dim, int64_t hidden);
  // Probability that each row of x is a real sample.
  torch::Tensor forward(torch::Tensor x);

 private:
  torch::nn::Sequential model_{nullptr};
};
TORCH_MODULE(Discriminator);

// Negative binary entropy of the discriminator's probabilities. Added to the
// discriminator loss with a small weight, it keeps D from becoming over-confident.
torch::Tensor confidence_penalty(const torch::Tensor& prob);
