/*
 * @File    :   GCN.h
 */
#pragma once
#include <torch/torch.h>
namespace nn = torch::nn;
namespace F = torch::nn::functional;

class GCNLayerImpl : public nn::Module {
public:
  GCNLayerImpl(int in_features, int out_features);
  torch::Tensor forward(torch::Tensor x, torch::Tensor a);

private:
  nn::Linear lin = nullptr;
};
TORCH_MODULE(GCNLayer);

class GCN : public nn::Module {
public:
  GCN(int in_features, int hidden, int classes);
  torch::Tensor forward(torch::Tensor x, torch::Tensor a);

private:
  torch::nn::Dropout dropout = nullptr;
  GCNLayer gc1 = nullptr;
  GCNLayer gc2 = nullptr;
};
