#ifndef SHAPES_H
#define SHAPES_H

#include <torch/torch.h>

#include <utility>

// Noisy grey images of one disc or rectangle each, with the shape's mask: (N, 1, S, S) twice.
std::pair<torch::Tensor, torch::Tensor> make_shapes(int64_t count, int64_t size, uint64_t seed);

#endif // SHAPES_H
