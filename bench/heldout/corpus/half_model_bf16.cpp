// A model converted to bfloat16 and trained; Adam's eps is representable in bf16.
#include <torch/torch.h>

void train_bf16(torch::nn::Sequential net, const torch::Tensor& x, const torch::Tensor& y) {
  net->to(torch::kBFloat16); // EXPECT: ampify-half-model
  torch::optim::AdamW opt(net->parameters(), torch::optim::AdamWOptions(1e-4).eps(1e-8).weight_decay(0.01));
  for (int i = 0; i < 500; ++i) {
    opt.zero_grad();
    auto out = net->forward(x.to(torch::kBFloat16));
    auto loss = torch::smooth_l1_loss(out, y.to(torch::kBFloat16));
    loss.backward();
    opt.step();
  }
}

int main() {
  torch::nn::Sequential net(torch::nn::Linear(64, 256), torch::nn::SiLU(), torch::nn::Linear(256, 64));
  train_bf16(net, torch::randn({128, 64}), torch::randn({128, 64}));
}
