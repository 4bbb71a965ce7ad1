#include "model.h"

CharNetImpl::CharNetImpl(int input_size, int hidden_size)
    : in(register_module("in", torch::nn::Linear(input_size, 64))), // CROSS-EXPECT: in_features = 57 of Linear `in` is not a multiple of 8
      out(register_module("out", torch::nn::Linear(64, hidden_size))) {} // CROSS-EXPECT: out_features = 100 of Linear `out` is not a multiple of 8

WideImpl::WideImpl(int width) : fc(register_module("fc", torch::nn::Linear(64, width))) {}
