#ifndef LIBTORCH_SAMPLES_RUNS_H
#define LIBTORCH_SAMPLES_RUNS_H

#include <torch/torch.h>

#include "data/read_mnist.h"

// Each returns the last training loss and prints the dev accuracy before and after.
float test_conv(data_set train, data_set dev, torch::Device device);
float test_linear(data_set train, data_set dev, torch::Device device);

#endif //LIBTORCH_SAMPLES_RUNS_H
