// "Keep the logits in fp32": explicit casts inside an autocast region that autocast undoes.
#include <torch/torch.h>
#include <ampify/amp.h>

torch::Tensor logits_fp32_attempt(torch::nn::Linear& encoder, const torch::Tensor& x, const torch::Tensor& w) {
  ampify::Autocast autocast;
  auto h = encoder(x);
  auto logits = torch::matmul(h.to(torch::kFloat), w.to(torch::kFloat)); // EXPECT: ampify-fp32-intent-lost
  return logits;
}

torch::Tensor logits_fp32_module(torch::nn::Linear& encoder, torch::nn::Linear& head, const torch::Tensor& x) {
  ampify::Autocast autocast;
  auto h = encoder(x);
  auto h32 = h.to(torch::kFloat32);
  return head(h32); // EXPECT: ampify-fp32-intent-lost
}

torch::Tensor logits_fp32_correct(torch::nn::Linear& encoder, const torch::Tensor& x, const torch::Tensor& w) {
  ampify::Autocast autocast;
  auto h = encoder(x);
  torch::Tensor logits;
  {
    ampify::AutocastDisabled fp32;
    logits = torch::matmul(h.to(torch::kFloat), w.to(torch::kFloat));
  }
  return logits;
}

torch::Tensor probs_fp32(torch::nn::Linear& encoder, const torch::Tensor& x) {
  ampify::Autocast autocast;
  auto h = encoder(x).to(torch::kFloat);
  return torch::softmax(h, -1) + torch::log1p(h.exp());
}

torch::Tensor logits_run_in_fp32(torch::nn::Linear& encoder, const torch::Tensor& x, const torch::Tensor& w) {
  ampify::Autocast autocast;
  auto h = encoder(x);
  return ampify::run_in_fp32([](const torch::Tensor& a, const torch::Tensor& b) { return torch::matmul(a, b); }, h, w);
}
