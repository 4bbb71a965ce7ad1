// Trains ClassifierImpl (classifier.cpp) and a head (head.cpp) on random data; every size is chosen here.
#include <torch/torch.h>

#include <iostream>
#include <memory>

#include "classifier.h"
#include "head.h"

constexpr int64_t kInput = 784;
constexpr int64_t kHidden = 300;
constexpr int64_t kClasses = 10;
constexpr int64_t kHeadWidth = 100;
constexpr int64_t kEncoderWidth = 1020;
constexpr int64_t kBatch = 64;

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  const EncoderConfig encoder{kInput, kEncoderWidth};
  auto model = std::make_shared<ClassifierImpl>(kInput, kHidden, kHeadWidth, encoder);
  auto head = make_head(kHeadWidth, kClasses);
  model->to(device);
  head->to(device);
  std::vector<torch::Tensor> parameters = model->parameters();
  for (const auto &p : head->parameters())
    parameters.push_back(p);
  torch::optim::Adam optimizer(parameters, torch::optim::AdamOptions(1e-3));
  for (int step = 0; step < 100; ++step) {
    auto x = torch::randn({kBatch, kInput}).to(device);
    auto y = torch::randint(0, kClasses, {kBatch}, torch::kLong).to(device);
    auto loss = torch::nn::functional::cross_entropy(head->forward(torch::relu(model->forward(x))), y);
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    if (step % 10 == 0)
      std::cout << "step " << step << ", loss " << loss.item<double>() << '\n';
  }
}
