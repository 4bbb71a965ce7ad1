// Detection head trained with a hand-written focal loss; fp32 loop, not migrated yet.
#include <torch/torch.h>

torch::Tensor focal_loss(const torch::Tensor& logits, const torch::Tensor& targets, double gamma, double alpha) {
  auto p = torch::sigmoid(logits);
  auto pt = torch::where(targets > 0.5, p, 1 - p);
  auto w = torch::where(targets > 0.5, torch::full_like(p, alpha), torch::full_like(p, 1 - alpha));
  return (-w * (1 - pt).pow(gamma) * torch::log(pt + 1e-8)).mean(); // EXPECT: ampify-fp16-underflow-epsilon
}

struct HeadImpl : torch::nn::Module {
  HeadImpl()
      : conv(register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(256, 256, 3).padding(1)))),
        cls(register_module("cls", torch::nn::Conv2d(torch::nn::Conv2dOptions(256, 80, 3).padding(1)))) {}
  torch::Tensor forward(const torch::Tensor& x) { return cls(torch::relu(conv(x))); }
  torch::nn::Conv2d conv, cls;
};
TORCH_MODULE(Head);

int main() {
  Head head;
  head->to(torch::kCUDA);
  torch::optim::SGD opt(head->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9).weight_decay(1e-4));
  for (int it = 0; it < 1000; ++it) {
    auto feats = torch::randn({8, 256, 32, 32}, torch::kCUDA);
    auto targets = (torch::rand({8, 80, 32, 32}, torch::kCUDA) > 0.99).to(torch::kFloat);
    opt.zero_grad();
    auto loss = focal_loss(head(feats), targets, 2.0, 0.25);
    loss.backward();
    opt.step();
  }
}
