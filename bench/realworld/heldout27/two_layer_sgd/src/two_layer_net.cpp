#include "two_layer_net.h"

TwoLayerNet::TwoLayerNet() : linear1(D_in, H), linear2(H, D_out) {
  register_module("linear1", linear1);
  register_module("linear2", linear2);
}

torch::Tensor TwoLayerNet::forward(torch::Tensor x) {
  x = torch::relu(linear1->forward(x));
  x = linear2->forward(x);
  return x;
}
