#pragma once

#include <torch/torch.h>

#include "autoencoder.h"
#include "points.h"

// Maps a frozen code to the point's position in the sorted index, in [0, 1].
class RankHeadImpl : public torch::nn::Module {
 public:
  explicit RankHeadImpl(int64_t code_size);
  torch::Tensor forward(const torch::Tensor &code);

 private:
  torch::nn::Sequential net_{nullptr};
};
TORCH_MODULE(RankHead);

void apply_update(torch::optim::Adam &optimizer, torch::Tensor loss);
double fit_rank_head(RankHead &head, AutoEncoder &model, const PointSet &train, int64_t steps,
                     torch::Device device);
double rank_error(RankHead &head, AutoEncoder &model, const PointSet &set, torch::Device device);
