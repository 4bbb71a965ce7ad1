#pragma once

#include <torch/torch.h>

#include "frontend.h"
#include "kws_config.h"

class KwsNetImpl : public torch::nn::Module {
 public:
  KwsNetImpl(const KwsConfig &cfg, const FrontendOptions &fopts);
  // feats: [N, n_mels, T]; pad_mask: [N, T], true at padded frames. Returns logits [N, classes].
  torch::Tensor forward(torch::Tensor feats, torch::Tensor pad_mask);

 private:
  torch::nn::Sequential frontend_{nullptr};
  torch::nn::GRU gru_{nullptr};
  torch::nn::Sequential scorer_{nullptr};
  torch::nn::Linear classifier_{nullptr};
};
TORCH_MODULE(KwsNet);
