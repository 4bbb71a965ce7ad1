#ifndef SHAPES_H
#define SHAPES_H

#include <torch/torch.h>

// Synthetic point clouds in place of the original's train.h5 / test.h5 (ModelNet40).
const int kNumClasses = 5;      // sphere, cube, cylinder, cone, torus
const int64_t kNumPoints = 128;

struct ShapeSet {
    torch::Tensor points;  // {count, 3, kNumPoints}
    torch::Tensor labels;  // {count}
};

ShapeSet make_shapes(int64_t per_class);

#endif
