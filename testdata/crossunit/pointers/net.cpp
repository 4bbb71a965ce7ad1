#include "config.h"

NetImpl::NetImpl(RunParams *params) { fc = register_module("fc", torch::nn::Linear(params->hidden, 64)); } // CROSS-EXPECT: in_features = 100 of Linear `fc` is not a multiple of 8

HeadsImpl::HeadsImpl(const RunParams *params) { proj = register_module("proj", torch::nn::Linear(64, params->heads)); } // CROSS-EXPECT: out_features = 20 of Linear `proj` is not a multiple of 8
