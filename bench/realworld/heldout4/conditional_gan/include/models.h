#pragma once

#include <torch/torch.h>

// Conditional generator: noise concatenated with a one-hot class label.
class Generator : public torch::nn::Module {
 public:
  torch::nn::Sequential main{nullptr};

  Generator(int64_t nz = 100, int64_t num_classes = 10, int64_t ngf = 128,
            int64_t data_dim = 24);

  torch::nn::Sequential main_func() { return main; }
};

// Conditional discriminator: a sample concatenated with its one-hot label,
// ending in a probability.
class Discriminator : public torch::nn::Module {
 public:
  torch::nn::Sequential main{nullptr};

  Discriminator(int64_t data_dim = 24, int64_t num_classes = 10, int64_t ndf = 96);

  torch::nn::Sequential main_func() { return main; }
};
