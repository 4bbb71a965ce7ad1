#include "model.h"

#include <ampify/amp.h>

int main() {
  torch::Device device(torch::kCUDA);
  Net net(64);
  auto head = make_head(64, 8);
  auto normed = make_normed(8);
  net->to(device);
  head->to(device);
  torch::optim::SGD optimizer(net->parameters(), 0.01);
  auto x = torch::randn({8, 64}).to(device);
  auto mask = torch::zeros({8, 1}, torch::kBool).to(device);
  auto before = net->offline(x, mask);
  Critic critic(64);
  torch::nn::Sequential judge = critic.body();
  for (int step = 0; step < 10; ++step) {
    optimizer.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast;
      auto out = net->forward(x, mask);
      auto logits = head->forward(x);
      auto filled = logits.masked_fill(mask, -1e9); // CROSS-EXPECT: constant -1e+09 overflows fp16
      auto fp32 = normed->forward(logits).masked_fill(mask, -1e9); // fp32: LayerNorm
      loss = out.mean() + filled.mean() + fp32.mean() + penalty(judge->forward(x));
    }
    loss.backward();
    optimizer.step();
  }
  return before.size(0) == 8 ? 0 : 1;
}
