#pragma once

#include <torch/torch.h>

#include "tagger.h"

// Padded corpus: every tensor is [sentences, max_length]; padding has word and
// shape id 0 and tag kPadTag.
struct TaggedCorpus {
  torch::Tensor words;
  torch::Tensor shapes;
  torch::Tensor tags;
};

constexpr int64_t kPadTag = -100;

class Trainer {
 public:
  Trainer(Tagger model, torch::Device device, double learning_rate);

  // Returns the loss of the last batch.
  double fit(const TaggedCorpus& train, int64_t epochs, int64_t batch_size);

  // Token accuracy over the non-padding positions.
  double evaluate(const TaggedCorpus& test);

 private:
  Tagger model_;
  torch::Device device_;
  torch::optim::AdamW optimizer_;
};
