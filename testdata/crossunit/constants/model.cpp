#include "model.h"

ProjImpl::ProjImpl(int64_t in, int64_t out) : fc(register_module("fc", torch::nn::Linear(in, out))) {}

torch::nn::Linear make_doubled(int64_t half) {
  return torch::nn::Linear(64, 2 * half); // CROSS-EXPECT: out_features = 500 of Linear is not a multiple of 8
}
