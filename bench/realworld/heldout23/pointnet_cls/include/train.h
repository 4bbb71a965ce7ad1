#ifndef TRAIN_H
#define TRAIN_H

#include <torch/torch.h>

#include "model.h"
#include "shapes.h"

float train(Pointnet &model, torch::optim::Optimizer &optimizer, int64_t num_epochs, int64_t batch_size, const ShapeSet &data);
float test(Pointnet &model, const ShapeSet &data);

#endif
