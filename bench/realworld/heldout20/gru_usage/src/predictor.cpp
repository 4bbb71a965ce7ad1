#include "predictor.hpp"

#include <algorithm>
#include <iostream>

#include "config.hpp"
#include "torch/torch.h"

namespace nn = torch::nn;

using torch::Tensor;

double Predictor::Train(const Tensor& data) {
  model_.train();
  model_.zero_grad();
  model_.InitHidden(BATCH_SIZE);

  // Windows of SEQ_LEN values: the first SEQ_LEN - OUTPUT_SIZE are the input,
  // the last OUTPUT_SIZE the expected values.
  auto windows = data.unfold(0, SEQ_LEN, 1).to(torch::kFloat);
  auto batch_data = windows.slice(1, 0, SEQ_LEN - OUTPUT_SIZE);
  auto expected = windows.slice(1, SEQ_LEN - OUTPUT_SIZE, SEQ_LEN);

  auto output = model_.Forward(batch_data);

  auto loss = criterion_(output, expected);
  auto cur_loss = loss.item<double>();

  loss.backward();
  optimizer_.step();
  return cur_loss;
}

Tensor Predictor::Predict(const Tensor& input) {
  torch::NoGradGuard no_grad;
  model_.eval();
  model_.InitHidden(1);

  auto output = model_.Forward(input.to(torch::kFloat).unsqueeze(0));
  return model_.relu_(output).squeeze(0);
}

Tensor Predictor::Loss(const Tensor& output, const Tensor& target) {
  return criterion_(output.to(torch::kFloat), target.to(torch::kFloat));
}

void Predictor::UpdateLR() {
  for (auto& group : optimizer_.param_groups()) {
    auto& options = static_cast<torch::optim::AdamOptions&>(group.options());
    options.lr(std::max(options.lr() * LR_DECAY, MIN_LEARNING_RATE));
  }
}
