// In-place fp32 ops on tensors that are fp32 inside an autocast region: softmax and layer_norm
// outputs, explicit .to(kFloat) copies, and integer tensors.
#include <torch/torch.h>
#include <ampify/amp.h>

torch::Tensor posterior(torch::nn::Linear& fc, torch::nn::LayerNorm& ln, const torch::Tensor& x,
                        const torch::Tensor& counts) {
  ampify::Autocast autocast;
  auto h = fc(x);
  auto p = torch::softmax(h, -1);
  p.log_();
  auto n = ln(h);
  n.exp_();
  auto f = h.to(torch::kFloat);
  f.sqrt_();
  auto c = counts.to(torch::kFloat);
  c.reciprocal_();
  return p + n + f + c;
}

torch::Tensor disabled_region(torch::nn::Linear& fc, const torch::Tensor& x) {
  ampify::Autocast autocast;
  auto h = fc(x);
  ampify::AutocastDisabled fp32;
  auto g = h.to(torch::kFloat);
  g.pow_(2);
  return g;
}
