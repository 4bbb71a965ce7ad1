// AMPIFY: fix
// Loops that already use ampify's runtime, by ampify or by hand: nothing to do.
#include <torch/torch.h>
#include <ampify/amp.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void migrated(Net &model, torch::optim::SGD &optimizer) {
  ampify::GradScaler scaler;
  for (int i = 0; i < 10; ++i) {
    optimizer.zero_grad();
    ampify::Autocast autocast(c10::kCUDA);
    auto loss = model(torch::randn({2, 2})).sum();
    autocast.exit();
    scaler.scale(loss).backward();
    scaler.step(optimizer);
    scaler.update();
  }
}

void by_hand(Net &model, torch::optim::SGD &optimizer) {
  ampify::GradScaler grad_scaler(ampify::GradScalerOptions().init_scale(1024));
  for (int i = 0; i < 10; ++i) {
    torch::Tensor loss;
    {
      ampify::Autocast region(c10::kCUDA);
      loss = model(torch::randn({2, 2})).sum();
    }
    grad_scaler.scale(loss).backward();
    grad_scaler.step(optimizer);
    grad_scaler.update();
    optimizer.zero_grad();
  }
}

void bf16_migrated(Net &model, torch::optim::SGD &optimizer) {
  for (int i = 0; i < 10; ++i) {
    ampify::Autocast autocast(ampify::AutocastOptions(c10::kCUDA).dtype(at::kBFloat16));
    auto loss = model(torch::randn({2, 2})).sum();
    autocast.exit();
    loss.backward();
    optimizer.step();
  }
}
