// Trains NeuralNet (neural_net.cpp) on random data; the sizes are passed from here.
#include <torch/torch.h>

#include <iostream>

#include "neural_net.h"

int main() {
  auto cuda_available = torch::cuda::is_available();
  torch::Device device(cuda_available ? torch::kCUDA : torch::kCPU);

  const int64_t input_size = 784;
  const int64_t hidden_size = 500;
  const int64_t num_classes = 10;
  const int64_t batch_size = 100;
  const size_t num_epochs = 5;
  const double learning_rate = 0.001;

  NeuralNet model(input_size, hidden_size, num_classes);
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(learning_rate));

  for (size_t epoch = 0; epoch != num_epochs; ++epoch) {
    double running_loss = 0.0;
    for (int batch = 0; batch < 20; ++batch) {
      auto data = torch::randn({batch_size, input_size}).to(device);
      auto target = torch::randint(0, num_classes, {batch_size}, torch::kLong).to(device);
      auto output = model->forward(data);
      auto loss = torch::nn::functional::cross_entropy(output, target);
      running_loss += loss.item<double>();
      optimizer.zero_grad();
      loss.backward();
      optimizer.step();
    }
    std::cout << "epoch " << epoch + 1 << ", loss " << running_loss / 20 << '\n';
  }
}
