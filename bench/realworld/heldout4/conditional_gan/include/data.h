#pragma once

#include <torch/torch.h>

struct GanData {
  torch::Tensor samples;    // [N, data_dim] in [-1, 1]
  torch::Tensor labels;     // [N] class ids
  torch::Tensor centroids;  // [num_classes, data_dim]
};

// Class-conditional Gaussian blobs, squashed into [-1, 1].
GanData make_blobs(int64_t num_samples, int64_t data_dim, int64_t num_classes);

// Concatenates a batch with the one-hot encoding of its labels.
torch::Tensor condition(const torch::Tensor& x, const torch::Tensor& labels,
                        int64_t num_classes);

// Share of generated samples whose nearest class centroid is their label.
double conditional_accuracy(const torch::Tensor& generated, const torch::Tensor& labels,
                            const torch::Tensor& centroids);
