#include "model.h"

NetImpl::NetImpl() {
  fc = register_module("fc", torch::nn::Linear(64, 64));
  out = register_module("out", torch::nn::Linear(64, 64));
}

torch::Tensor NetImpl::forward(torch::Tensor x, torch::Tensor mask) {
  auto h = fc(x);
  auto attended = attend(h, mask);
  auto scores = out(attended);
  auto masked = mask_scores(scores, mask);
  return out(masked);
}
