#include "Distributions/CategoricalMasked.h"

CategoricalMasked::CategoricalMasked() : m_num_events(0) {}

// Set the logits of invalid actions to a large negative number, then normalise.
CategoricalMasked::CategoricalMasked(const torch::Tensor& logits, const torch::Tensor& masks,
                                     std::shared_ptr<torch::Device> device) {
  m_masks = masks.to(torch::kBool).to(*device);
  torch::Tensor maskedLogits = torch::where(m_masks, logits, -1e8f);

  m_logits = maskedLogits - maskedLogits.logsumexp(-1, true);
  m_probs = torch::softmax(maskedLogits, -1);
  m_num_events = m_probs.size(-1);
  m_device = device;
}

torch::Tensor CategoricalMasked::sample() {
  torch::Tensor probs_2d = m_probs.reshape({-1, m_num_events});
  return torch::multinomial(probs_2d, 1, true).squeeze(-1);
}

torch::Tensor CategoricalMasked::log_prob(torch::Tensor value) {
  value = value.to(torch::kLong).unsqueeze(-1);
  return m_logits.gather(-1, value).squeeze(-1);
}

torch::Tensor CategoricalMasked::entropy() {
  torch::Tensor p_log_p = m_logits * m_probs;
  p_log_p = torch::where(m_masks, p_log_p, 0.0);  // no entropy from invalid actions
  return -p_log_p.sum(-1);
}

torch::Tensor CategoricalMasked::mode() { return torch::argmax(m_probs, -1); }
