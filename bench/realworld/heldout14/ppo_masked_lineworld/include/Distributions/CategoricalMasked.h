#ifndef CATEGORICAL_MASKED_H
#define CATEGORICAL_MASKED_H

#include <memory>
#include <torch/torch.h>

// Categorical distribution over logits with invalid-action masking.
class CategoricalMasked {
 public:
  CategoricalMasked();
  CategoricalMasked(const torch::Tensor& logits, const torch::Tensor& masks, std::shared_ptr<torch::Device> device);

  torch::Tensor sample();
  torch::Tensor log_prob(torch::Tensor value);
  torch::Tensor entropy();
  torch::Tensor mode();

 private:
  torch::Tensor m_logits;
  torch::Tensor m_probs;
  torch::Tensor m_masks;
  int64_t m_num_events;
  std::shared_ptr<torch::Device> m_device;
};

#endif
