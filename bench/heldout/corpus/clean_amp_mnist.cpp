// A complete, correct AMP training program: autocast around forward and loss, GradScaler with
// unscale_ before clipping, one update per iteration, evaluation under autocast.
#include <torch/torch.h>
#include <ampify/amp.h>

#include <iostream>

struct NetImpl : torch::nn::Module {
  NetImpl()
      : conv1(register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 32, 3)))),
        conv2(register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 64, 3)))),
        dropout(register_module("dropout", torch::nn::Dropout(0.25))),
        fc1(register_module("fc1", torch::nn::Linear(9216, 128))),
        fc2(register_module("fc2", torch::nn::Linear(128, 10))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(conv1(x));
    x = torch::max_pool2d(torch::relu(conv2(x)), 2);
    x = dropout(x).flatten(1);
    x = dropout(torch::relu(fc1(x)));
    return torch::log_softmax(fc2(x), 1);
  }

  torch::nn::Conv2d conv1, conv2;
  torch::nn::Dropout dropout;
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Net);

int main() {
  torch::Device device(torch::kCUDA);
  Net model;
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3).eps(1e-8));
  ampify::GradScaler scaler;
  for (int epoch = 0; epoch < 3; ++epoch) {
    model->train();
    for (int b = 0; b < 200; ++b) {
      auto data = torch::randn({64, 1, 28, 28}, device);
      auto target = torch::randint(0, 10, {64}, torch::TensorOptions(device).dtype(torch::kLong));
      optimizer.zero_grad();
      torch::Tensor loss;
      {
        ampify::Autocast autocast(device.type());
        auto output = model->forward(data);
        loss = torch::nll_loss(output, target);
      }
      scaler.scale(loss).backward();
      scaler.unscale_(optimizer);
      torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
      scaler.step(optimizer);
      scaler.update();
    }
    model->eval();
    torch::NoGradGuard no_grad;
    ampify::Autocast autocast(device.type());
    auto data = torch::randn({1000, 1, 28, 28}, device);
    auto pred = model->forward(data).argmax(1);
    std::cout << "epoch " << epoch << " scale " << scaler.get_scale() << " "
              << pred.eq(0).sum().item<int64_t>() << "\n";
  }
}
