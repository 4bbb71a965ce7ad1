#ifndef TOY_BOXES_H
#define TOY_BOXES_H

#include <torch/torch.h>

#include <random>
#include <utility>

struct ToyBoxesConfig
{
  int64_t image_size = 32;
  int64_t grid = 4;
  int64_t num_classes = 4;
  double empty_probability = 0.1;
};

// Images with at most one coloured rectangle each; the colour is the class.
// Returns images (B, 3, S, S) and targets (B, A, G, G, 6) built against the anchors (A, 2), in grid units.
std::pair<torch::Tensor, torch::Tensor> make_toy_batch(int64_t batch_size, const ToyBoxesConfig& config,
                                                       const torch::Tensor& anchors, std::mt19937& rng);

#endif  // TOY_BOXES_H
