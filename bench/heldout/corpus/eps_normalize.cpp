// Feature normalisation and log-probabilities in a contrastive head under autocast.
#include <torch/torch.h>
#include <ampify/amp.h>

struct ProjectionHeadImpl : torch::nn::Module {
  ProjectionHeadImpl() : fc(register_module("fc", torch::nn::Linear(2048, 128))) {}
  torch::Tensor forward(const torch::Tensor& x) { return fc(x); }
  torch::nn::Linear fc;
};
TORCH_MODULE(ProjectionHead);

torch::Tensor contrastive_loss(ProjectionHead& head, const torch::Tensor& a, const torch::Tensor& b) {
  ampify::Autocast autocast;
  auto za = head(a);
  auto zb = head(b);
  // sum() runs in fp32 under autocast, so this epsilon survives.
  auto norm_a = torch::sqrt(za.pow(2).sum(-1, true) + 1e-8);
  auto l1_b = zb / (zb.abs() + 1e-8); // EXPECT: ampify-fp16-underflow-epsilon
  auto sim = torch::matmul(za / norm_a, l1_b.t());
  auto probs = torch::softmax(sim, -1);
  auto logp = torch::log(probs + 1e-10);
  auto gate = torch::log(torch::sigmoid(za) + 1e-9); // EXPECT: ampify-fp16-underflow-epsilon
  return -(logp.diagonal().mean() + gate.mean());
}

torch::Tensor contrastive_loss_fixed(ProjectionHead& head, const torch::Tensor& a, const torch::Tensor& b) {
  ampify::Autocast autocast;
  auto za = head(a);
  auto zb = head(b);
  auto l1_b = zb / (zb.abs() + 1e-4);
  auto sim = torch::matmul(za, l1_b.t());
  return -torch::log_softmax(sim, -1).diagonal().mean();
}
