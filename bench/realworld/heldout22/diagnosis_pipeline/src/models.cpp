#include "models.h"

MySimpleNNImpl::MySimpleNNImpl(int64_t n_features) {
  weights = register_parameter("weights", torch::rand({n_features, 1}, torch::dtype(torch::kFloat64)));
  bias = register_parameter("bias", torch::zeros({1}, torch::dtype(torch::kFloat64)));
}

torch::Tensor MySimpleNNImpl::forward(torch::Tensor X) {
  auto z = torch::matmul(X, weights) + bias;
  return torch::sigmoid(z);
}

torch::Tensor MySimpleNNImpl::loss_function(torch::Tensor y_pred, torch::Tensor y) {
  const double epsilon = 1e-7;
  y_pred = torch::clamp(y_pred, epsilon, 1.0 - epsilon);
  return -(y * torch::log(y_pred) + (1 - y) * torch::log(1 - y_pred)).mean();
}

NNModelImpl::NNModelImpl(int64_t features, const std::vector<int64_t>& hidden) {
  body = register_module("body", torch::nn::Sequential());
  int64_t prev = features;
  for (int64_t width : hidden) {
    body->push_back(torch::nn::Linear(prev, width));
    body->push_back(torch::nn::ReLU());
    prev = width;
  }
  body->push_back(torch::nn::Linear(prev, 1));
  sigmoid = register_module("sigmoid", torch::nn::Sigmoid());
}

torch::Tensor NNModelImpl::forward(torch::Tensor x) {
  auto out = body->forward(x);
  return sigmoid(out);
}
