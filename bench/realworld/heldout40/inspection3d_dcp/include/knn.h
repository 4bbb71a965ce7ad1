#pragma once

#ifndef KNN_H
#define KNN_H

#include <torch/torch.h>

torch::Tensor knn(torch::Tensor x, int64_t k);

torch::Tensor index_points(torch::Tensor points, torch::Tensor idx);

torch::Tensor get_graph_feature(torch::Tensor x, int64_t k = 20);

#endif
