#ifndef CONVNETGW_H
#define CONVNETGW_H

#include <torch/torch.h>
#include "gridworld.h"

class ConvNetGWImpl : public torch::nn::Module
{
public:
  ConvNetGWImpl(int size, int nConv1, int nConv2, int nfc);
  torch::Tensor forward(torch::Tensor x);
  // logits of the 4 moves, the illegal ones masked out
  torch::Tensor actorLogits(torch::Tensor batch, torch::Tensor illegal);
  torch::Tensor actorOutput(torch::Tensor batch, torch::Tensor illegal);
  torch::Tensor criticOutput(torch::Tensor batch);
  torch::Device getUsedDevice();

private:
  torch::Device usedDevice;
  int size;
  int nConv1;
  int nConv2;
  int nfc;
  torch::nn::Conv2d conv1{nullptr};
  torch::nn::Conv2d conv2{nullptr};
  torch::nn::Linear fc{nullptr};
  torch::nn::Linear actor{nullptr};
  torch::nn::Linear critic{nullptr};
};
TORCH_MODULE(ConvNetGW);

#endif // CONVNETGW_H
