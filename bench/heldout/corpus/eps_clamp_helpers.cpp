// Numerics helpers shared by a policy-gradient loss; the loss is computed in a region opened with
// the raw at::autocast API.
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

torch::Tensor safe_log(const torch::Tensor& p) {
  return torch::log(p.clamp_min(1e-7)); // EXPECT: ampify-fp16-underflow-epsilon
}

torch::Tensor bounded(const torch::Tensor& p) {
  return torch::clamp(p, 1e-6, 1.0); // EXPECT: ampify-fp16-underflow-epsilon
}

torch::Tensor safe_log_fp16(const torch::Tensor& p) {
  return torch::log(p.clamp_min(1e-4));
}

torch::Tensor policy_loss(torch::nn::Linear& policy, const torch::Tensor& obs, const torch::Tensor& adv) {
  at::autocast::set_enabled(true);
  auto logits = policy(obs);
  auto probs = torch::sigmoid(logits);
  auto loss = -(safe_log(probs) * adv).mean() - bounded(probs).mean() + safe_log_fp16(probs).mean();
  at::autocast::set_enabled(false);
  return loss;
}

torch::Tensor value_loss(torch::nn::Linear& critic, const torch::Tensor& obs, const torch::Tensor& ret) {
  auto v = critic(obs);
  return torch::mse_loss(v, ret) + safe_log(torch::sigmoid(v)).mean();
}
