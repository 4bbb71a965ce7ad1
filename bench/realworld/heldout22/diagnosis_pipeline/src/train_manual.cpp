#include <iostream>

#include "training.h"

double train_manual(MySimpleNN& model, const Split& split, int epochs, double learningRate) {
  double last = 0.0;
  for (int epoch = 0; epoch < epochs; ++epoch) {
    // Forward pass
    auto y_pred = model->forward(split.X_train);
    // Loss
    auto loss = model->loss_function(y_pred, split.y_train);
    // Backward pass
    loss.backward();
    // Parameter update (manual, no optimizer)
    {
      torch::NoGradGuard no_grad;
      model->weights -= learningRate * model->weights.grad();
      model->bias -= learningRate * model->bias.grad();
    }
    // Zero gradients
    model->weights.grad().zero_();
    model->bias.grad().zero_();

    last = loss.item<double>();
    if ((epoch + 1) % 100 == 0) {
      std::cout << "Epoch: " << epoch + 1 << ", Loss: " << last << "\n";
    }
  }
  return last;
}

EvalResult evaluate_manual(MySimpleNN& model, const Split& split) {
  torch::NoGradGuard no_grad;
  auto test_pred = model->forward(split.X_test);
  auto test_loss = model->loss_function(test_pred, split.y_test);
  auto predicted = (test_pred >= 0.5).to(torch::kFloat64);
  auto correct = predicted.eq(split.y_test).sum().item<int64_t>();
  return {test_loss.item<double>(), static_cast<double>(correct) / split.X_test.size(0)};
}
