// Sparsity statistics and a dead-unit mask computed under autocast.
#include <torch/torch.h>
#include <ampify/amp.h>

struct Stats {
  torch::Tensor near_zero;
  torch::Tensor active;
  torch::Tensor exact;
};

Stats activation_stats(torch::nn::Conv2d& conv, const torch::Tensor& images) {
  ampify::Autocast autocast;
  auto act = conv(images);
  Stats s;
  s.near_zero = (act.abs() < 1e-6).to(torch::kFloat).mean(); // EXPECT: ampify-fp16-underflow-epsilon
  s.active = act.gt(1e-7).sum(); // EXPECT: ampify-fp16-underflow-epsilon
  auto act32 = act.to(torch::kFloat);
  s.exact = (act32.abs() < 1e-6).sum();
  return s;
}

torch::Tensor dead_units(torch::nn::Conv2d& conv, const torch::Tensor& images) {
  ampify::Autocast autocast;
  auto act = torch::relu(conv(images));
  return (act.amax({0, 2, 3}) <= 1e-3);
}

int main() {
  torch::nn::Conv2d conv(torch::nn::Conv2dOptions(3, 64, 3).padding(1));
  auto images = torch::randn({8, 3, 32, 32});
  auto s = activation_stats(conv, images);
  auto d = dead_units(conv, images);
  return s.near_zero.item<float>() > 0.5f && d.any().item<bool>();
}
