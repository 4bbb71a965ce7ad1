// Binary classifier trained with sigmoid + BCE, fp32 training loop not yet migrated.
// `ampify fix` would put the forward and loss under CUDA autocast, where
// binary_cross_entropy raises. The validation pass is never migrated (no backward).
#include <torch/torch.h>

#include <iostream>

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in, int64_t hidden)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, 1))) {}

  torch::Tensor forward(torch::Tensor x) {
    return fc2(torch::relu(fc1(x))).squeeze(-1);
  }

  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Classifier);

double validate(Classifier& model, const torch::Tensor& xs, const torch::Tensor& ys) {
  torch::NoGradGuard no_grad;
  model->eval();
  auto probs = torch::sigmoid(model(xs));
  auto loss = torch::binary_cross_entropy(probs, ys);
  return loss.item<double>();
}

int main() {
  torch::Device device(torch::kCUDA);
  Classifier model(256, 128);
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));

  auto xs = torch::randn({4096, 256}, device);
  auto ys = (torch::rand({4096}, device) > 0.5).to(torch::kFloat);

  for (int epoch = 0; epoch < 10; ++epoch) {
    model->train();
    for (int64_t i = 0; i < 4096; i += 64) {
      auto x = xs.slice(0, i, i + 64);
      auto y = ys.slice(0, i, i + 64);
      optimizer.zero_grad();
      auto p = torch::sigmoid(model(x));
      auto loss = torch::binary_cross_entropy(p, y); // EXPECT: ampify-banned-under-autocast
      loss.backward();
      optimizer.step();
    }
    std::cout << "epoch " << epoch << " val " << validate(model, xs, ys) << "\n";
  }
}
