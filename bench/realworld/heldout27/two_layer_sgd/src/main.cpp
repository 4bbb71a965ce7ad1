#include <torch/torch.h>
#include <iostream>

#include "two_layer_net.h"

int main() {
  torch::manual_seed(1);

  torch::Tensor x = torch::rand({N, D_in});
  torch::Tensor y = torch::rand({N, D_out});
  // change this to torch::kCUDA if GPU is available
  torch::Device device(torch::kCPU);

  TwoLayerNet model;
  model.to(device);

  float_t learning_rate = 1e-4;
  torch::optim::SGD optimizer(
      model.parameters(), torch::optim::SGDOptions(learning_rate));

  // number of ecpochs = 500
  for (size_t epoch = 1; epoch <= 500; ++epoch) {
    optimizer.zero_grad();
    auto y_pred = model.forward(x);
    // need to use y.detach() instead of y
    //   see issue: https://github.com/pytorch/pytorch/issues/16830
    auto loss = torch::mse_loss(y_pred, y.detach());
    if (epoch%100 == 99)
      std::cout << "epoch = " << epoch << " " << "loss = " << loss << "\n";
    loss.backward();
    optimizer.step();
  }

  torch::NoGradGuard no_grad;
  auto final_loss = torch::mse_loss(model.forward(x), y);
  std::cout << "final loss: " << final_loss.item<float>() << std::endl;
}
