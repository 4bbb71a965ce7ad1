// Training steps written as lambdas: one defined inside the autocast scope, one defined before
// it and called inside it.
#include <torch/torch.h>
#include <ampify/amp.h>

int main() {
  torch::nn::Linear enc(512, 512);
  torch::nn::Linear dec(512, 512);
  torch::optim::Adam opt(enc->parameters(), torch::optim::AdamOptions(1e-4));
  ampify::GradScaler scaler;

  auto reconstruct = [&](const torch::Tensor& x) {
    auto z = enc(x);
    return dec(z) / (z.abs().amax(-1, true) + 1e-8); // EXPECT: ampify-fp16-underflow-epsilon
  };

  for (int it = 0; it < 100; ++it) {
    auto x = torch::randn({64, 512});
    opt.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast;
      auto kl = [&](const torch::Tensor& mu) {
        auto m = enc(mu);
        return torch::log(m.sigmoid() + 1e-8).mean(); // EXPECT: ampify-fp16-underflow-epsilon
      };
      loss = torch::mse_loss(reconstruct(x), x) - kl(x);
    }
    scaler.scale(loss).backward();
    scaler.step(opt);
    scaler.update();
  }
}
