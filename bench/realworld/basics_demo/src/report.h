#pragma once

#include <torch/torch.h>

#include <string>

void report(const std::string &what, const torch::Tensor &value);
