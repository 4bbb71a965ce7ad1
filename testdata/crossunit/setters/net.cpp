#include "model.h"

NetImpl::NetImpl(const NetOptions &o) {
  block = register_module("block", Block(BlockOptions().Dim(o.dim).Ffn(o.ffn)));
  head = register_module("head", torch::nn::Linear(o.dim, o.head_hidden)); // CROSS-EXPECT: in_features = 100 of Linear `head` is not a multiple of 8
  out = register_module("out", torch::nn::Linear(o.head_hidden, o.classes)); // CROSS-EXPECT: out_features = 20 of Linear `out` is not a multiple of 8
}

torch::Tensor NetImpl::forward(torch::Tensor x) { return out(torch::relu(head(block(x)))); }

ProbeImpl::ProbeImpl(const NetOptions &o) { proj = register_module("proj", torch::nn::Linear(o.dim, o.ffn)); }
