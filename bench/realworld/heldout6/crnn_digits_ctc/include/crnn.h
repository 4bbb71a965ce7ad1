#pragma once

#include <torch/torch.h>

#include "crnn_config.h"
#include "feature_extractor.h"

struct CrnnOutput {
  torch::Tensor logits;           // [T, B, alphabet_size], time first as CTC expects
  torch::Tensor presence_logits;  // [B, num_digits]: which digits occur in the strip
};

class CrnnImpl : public torch::nn::Module {
 public:
  explicit CrnnImpl(const CrnnConfig& cfg);
  CrnnOutput forward(torch::Tensor images);

 private:
  int64_t feat_height_;
  FeatureExtractor backbone_{nullptr};
  torch::nn::LSTM lstm_{nullptr};
  torch::nn::Linear proj_{nullptr};
  torch::nn::Linear presence_{nullptr};
};
TORCH_MODULE(Crnn);
