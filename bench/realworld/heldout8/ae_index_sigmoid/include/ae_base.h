#pragma once

#include <torch/torch.h>

// Sizes shared by the encoder and the decoder of the index autoencoders.
class AeBaseImpl : public torch::nn::Module {
 public:
  int64_t code_size() const { return code_; }

 protected:
  int64_t hidden_ = 100;  // width of the first encoder and last decoder layer
  int64_t code_ = 2;      // size of the code used as the index key
};
