#ifndef LIBTORCH_SAMPLES_REPR_H
#define LIBTORCH_SAMPLES_REPR_H

#include <torch/torch.h>

#include <string>

void print_sizes(const std::string &name, const torch::Tensor &x);
double accuracy(const torch::Tensor &probs, const torch::Tensor &labels);

#endif //LIBTORCH_SAMPLES_REPR_H
