// Adam's eps: harmless under autocast (fp32 parameters and optimizer state), lost when the
// model itself is converted to half.
#include <torch/torch.h>
#include <ampify/amp.h>

struct MlpImpl : torch::nn::Module {
  MlpImpl() {
    net = register_module("net", torch::nn::Sequential(torch::nn::Linear(512, 1024), torch::nn::GELU(),
                                                      torch::nn::Linear(1024, 512)));
  }
  torch::Tensor forward(const torch::Tensor& x) { return net->forward(x); }
  torch::nn::Sequential net;
};
TORCH_MODULE(Mlp);

void train_amp(Mlp& model, const torch::Tensor& x, const torch::Tensor& y) {
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3).eps(1e-8));
  ampify::GradScaler scaler;
  for (int it = 0; it < 1000; ++it) {
    optimizer.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast;
      loss = torch::mse_loss(model(x), y);
    }
    scaler.scale(loss).backward();
    scaler.step(optimizer);
    scaler.update();
  }
}

void train_half(Mlp& model, const torch::Tensor& x, const torch::Tensor& y) {
  model->to(torch::kCUDA, torch::kHalf); // EXPECT: ampify-half-model
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3).eps(1e-8)); // EXPECT: ampify-fp16-underflow-epsilon
  auto xh = x.to(torch::kCUDA, torch::kHalf);
  auto yh = y.to(torch::kCUDA, torch::kHalf);
  for (int it = 0; it < 1000; ++it) {
    optimizer.zero_grad();
    auto loss = torch::mse_loss(model(xh), yh);
    loss.backward();
    optimizer.step();
  }
}
