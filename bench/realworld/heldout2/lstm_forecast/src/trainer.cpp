#include "trainer.h"

#include <iostream>

template <typename Model>
double fit(Model &model, const torch::Tensor &inputs, const torch::Tensor &targets,
           torch::Device device, int64_t num_epochs, int64_t batch_size) {
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3));
  const int64_t n = inputs.size(0);
  double last = 0.0;
  for (int64_t epoch = 0; epoch < num_epochs; ++epoch) {
    for (int64_t start = 0; start + batch_size <= n; start += batch_size) {
      auto xb = inputs.slice(0, start, start + batch_size).to(device);
      auto yb = targets.slice(0, start, start + batch_size).to(device);
      torch::Tensor prediction = model->forward(xb);
      auto loss = torch::mse_loss(prediction, yb);
      loss.backward();
      optimizer.step();
      last = loss.item<double>();
    }
    std::cout << "epoch " << epoch << " loss " << last << std::endl;
  }
  return last;
}

double train_forecaster(Forecaster &model, const torch::Tensor &inputs, const torch::Tensor &targets,
                        torch::Device device, int64_t num_epochs, int64_t batch_size) {
  return fit(model, inputs, targets, device, num_epochs, batch_size);
}
