#ifndef LIBTORCH_SAMPLES_READ_MNIST_H
#define LIBTORCH_SAMPLES_READ_MNIST_H

#include <torch/torch.h>

#include <cstdint>
#include <tuple>

// images N x 1 x 28 x 28 in [0, 1], labels N (long)
typedef std::tuple<torch::Tensor, torch::Tensor> data_set;

// Synthetic digits: ten fixed stroke templates, shifted by up to two pixels, with noise.
data_set read_mnist(int64_t nb_examples, uint64_t seed);

torch::Tensor get_data(data_set d);
torch::Tensor get_labels(data_set d);

#endif //LIBTORCH_SAMPLES_READ_MNIST_H
