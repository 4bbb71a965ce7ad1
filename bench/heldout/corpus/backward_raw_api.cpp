// The raw at::autocast API: backward before set_enabled(false), and the autograd::backward form.
#include <torch/torch.h>
#include <ampify/amp.h>

void step_raw(torch::nn::Linear& model, torch::optim::Adam& opt, const torch::Tensor& x, const torch::Tensor& y) {
  opt.zero_grad();
  at::autocast::set_enabled(true);
  auto loss = torch::mse_loss(model(x), y);
  loss.backward(); // EXPECT: ampify-backward-in-autocast
  at::autocast::set_enabled(false);
  opt.step();
}

void step_raw_good(torch::nn::Linear& model, torch::optim::Adam& opt, const torch::Tensor& x, const torch::Tensor& y) {
  opt.zero_grad();
  at::autocast::set_enabled(true);
  auto loss = torch::mse_loss(model(x), y);
  at::autocast::set_enabled(false);
  loss.backward();
  opt.step();
}

void step_multi_loss(torch::nn::Linear& a, torch::nn::Linear& b, torch::optim::Adam& opt, const torch::Tensor& x) {
  opt.zero_grad();
  ampify::Autocast autocast;
  auto la = a(x).pow(2).mean();
  auto lb = b(x).abs().mean();
  torch::autograd::backward({la, lb}); // EXPECT: ampify-backward-in-autocast
  opt.step();
}

void step_disabled_backward(torch::nn::Linear& a, torch::optim::Adam& opt, const torch::Tensor& x) {
  opt.zero_grad();
  ampify::Autocast autocast;
  auto la = a(x).pow(2).mean();
  {
    ampify::AutocastDisabled no_autocast;
    la.backward();
  }
  opt.step();
}
