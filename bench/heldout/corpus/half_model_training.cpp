// Pure fp16 training: the model converted to half and trained with SGD, no master weights.
#include <torch/torch.h>

#include <iostream>

struct ConvNetImpl : torch::nn::Module {
  ConvNetImpl()
      : features(register_module("features", torch::nn::Sequential(
                                                 torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 32, 5)),
                                                 torch::nn::MaxPool2d(2), torch::nn::ReLU(),
                                                 torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 64, 5)),
                                                 torch::nn::MaxPool2d(2), torch::nn::ReLU()))),
        classifier(register_module("classifier", torch::nn::Linear(1024, 10))) {}
  torch::Tensor forward(torch::Tensor x) {
    return torch::log_softmax(classifier(features->forward(x).flatten(1)), 1);
  }
  torch::nn::Sequential features;
  torch::nn::Linear classifier;
};
TORCH_MODULE(ConvNet);

int main() {
  torch::Device device(torch::kCUDA);
  ConvNet model;
  model->to(device);
  model->to(torch::kHalf); // EXPECT: ampify-half-model
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.01).momentum(0.5));
  for (size_t epoch = 1; epoch <= 5; ++epoch) {
    for (int b = 0; b < 100; ++b) {
      auto data = torch::randn({64, 1, 28, 28}, device).to(torch::kHalf);
      auto target = torch::randint(0, 10, {64}, torch::TensorOptions(device).dtype(torch::kLong));
      optimizer.zero_grad();
      auto output = model->forward(data);
      auto loss = torch::nll_loss(output, target);
      loss.backward();
      optimizer.step();
      if (b % 10 == 0) std::cout << loss.item<float>() << "\n";
    }
  }
}
