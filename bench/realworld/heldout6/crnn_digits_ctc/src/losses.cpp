#include "losses.h"

torch::Tensor ctc_sequence_loss(const torch::Tensor& logits, const torch::Tensor& targets,
                                const torch::Tensor& input_lengths,
                                const torch::Tensor& target_lengths) {
  auto log_probs = torch::log_softmax(logits, 2);
  return torch::ctc_loss(log_probs, targets, input_lengths, target_lengths, /*blank=*/0,
                         at::Reduction::Mean, /*zero_infinity=*/true);
}

namespace {
constexpr double kPosteriorTemperature = 2.0;
}  // namespace

torch::Tensor posterior_entropy(const torch::Tensor& logits) {
  auto scaled = logits / kPosteriorTemperature;
  auto unnormalised = scaled.exp_();
  auto probs = unnormalised / (unnormalised.sum(-1, /*keepdim=*/true) + 1e-10);
  return -(probs * torch::log_softmax(logits / kPosteriorTemperature, -1)).sum(-1).mean();
}
