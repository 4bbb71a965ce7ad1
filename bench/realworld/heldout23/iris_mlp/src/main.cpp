#include <torch/torch.h>
#include <iostream>
#include <memory>
#include "constants.h"
#include "dataset.h"
#include "metrics.h"
#include "net.h"

int main() {
  torch::manual_seed(9);

  // loading data
  DataSet data_set(40, 21);
  DataSet test_set(10, 22);
  auto [input_tensor, output_tensor] = to_tensors(data_set);
  auto [test_input, test_output] = to_tensors(test_set);

  // loading model
  auto net = std::make_shared<Net>(kNumInputs, kHidden, kNumClasses);

  // setting up optimizer
  torch::optim::SGD optimizer(net->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));

  const double acc_before = accuracy(*net, test_input, test_output);
  float last_loss = 0.0f;
  for (size_t epoch = 1; epoch <= 300; ++epoch) {
      // Reset gradients.
      optimizer.zero_grad();
      // Execute the model on the input data.
      torch::Tensor prediction = net->forward(input_tensor);
      // Compute a loss value to judge the prediction of our model.
      torch::Tensor loss = torch::nll_loss(prediction, output_tensor);
      // Compute gradients of the loss w.r.t. the parameters of our model.
      loss.backward();
      // Update the parameters based on the calculated gradients.
      optimizer.step();
      last_loss = loss.item<float>();
      // Output the loss.
      if (epoch % 50 == 0) {
        std::cout << "Epoch: " << epoch << " | Loss: " << last_loss << std::endl;
      }
  }
  const double acc_after = accuracy(*net, test_input, test_output);
  std::cout << "final loss: " << last_loss << std::endl;
  std::cout << "test accuracy: " << acc_before << " -> " << acc_after << std::endl;
  return 0;
}
