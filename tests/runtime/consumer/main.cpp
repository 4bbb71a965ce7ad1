#include <ampify/amp.h>

#include <torch/nn/modules/linear.h>
#include <torch/optim/sgd.h>

#include <iostream>

int main() {
  torch::nn::Linear model(4, 2);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  ampify::GradScaler scaler(ampify::GradScalerOptions().init_scale(1024.0));
  torch::Tensor x = torch::ones({8, 4});
  torch::Tensor loss;
  {
    ampify::Autocast autocast(c10::kCPU);
    torch::Tensor y = model->forward(x);
    if (y.scalar_type() != torch::kBFloat16) {
      std::cerr << "expected bf16 under CPU autocast\n";
      return 1;
    }
    loss = y.to(torch::kFloat).pow(2).mean();
    autocast.exit();
  }
  scaler.scale(loss).backward();
  bool stepped = scaler.step(opt);
  scaler.update();
  std::cout << "ampify consumer ok: stepped=" << stepped << " scale=" << scaler.get_scale() << "\n";
  return stepped ? 0 : 1;
}
