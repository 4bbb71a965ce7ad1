/*
 * @File    :   GCN.cpp
 */
#include "GCN.h"
#include "norms.h"

GCNLayerImpl::GCNLayerImpl(int in_features, int out_features) {
  lin = register_module("lin", nn::Linear(nn::LinearOptions(in_features, out_features).bias(true)));
}

torch::Tensor GCNLayerImpl::forward(torch::Tensor x, torch::Tensor a) {
  // A (X W + b): the bias is propagated like the features
  return torch::mm(a, lin(x));
}

GCN::GCN(int in_features, int hidden, int classes) {
  dropout = torch::nn::Dropout(torch::nn::DropoutOptions().p(0.5));
  gc1 = GCNLayer(in_features, hidden);
  gc2 = GCNLayer(hidden, classes);
  register_module("gc1", gc1);
  register_module("gc2", gc2);
  register_module("dropout", dropout);
}

torch::Tensor GCN::forward(torch::Tensor x, torch::Tensor a) {
  x = F::relu(gc1(x, a));
  x = pair_norm(x);
  x = dropout(x);
  x = gc2(x, a);
  return F::log_softmax(x, F::LogSoftmaxFuncOptions(1));
}
