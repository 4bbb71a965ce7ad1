#pragma once

#include <torch/torch.h>

#include <vector>

// Logistic regression with hand-made parameters (TrainingPipeline.cpp of the original).
class MySimpleNNImpl : public torch::nn::Module {
 public:
  torch::Tensor weights;
  torch::Tensor bias;

  explicit MySimpleNNImpl(int64_t n_features);
  torch::Tensor forward(torch::Tensor X);
  torch::Tensor loss_function(torch::Tensor y_pred, torch::Tensor y);
};
TORCH_MODULE(MySimpleNN);

// The module version (TrainingNNDataLoader.cpp), here with hidden layers.
class NNModelImpl : public torch::nn::Module {
 public:
  NNModelImpl(int64_t features, const std::vector<int64_t>& hidden);
  torch::Tensor forward(torch::Tensor x);

  torch::nn::Sequential body{nullptr};
  torch::nn::Sigmoid sigmoid{nullptr};
};
TORCH_MODULE(NNModel);
