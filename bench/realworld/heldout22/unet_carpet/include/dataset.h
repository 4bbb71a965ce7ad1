#pragma once

#include <torch/torch.h>

// Synthetic "carpet" textures (stripes and checks) with defects (holes, cuts,
// colour stains) and their masks, in place of the original's PNG folders.
struct CarpetSplit {
  torch::Tensor images;  // [N, 1, H, W]
  torch::Tensor masks;   // [N, 1, H, W]
};

CarpetSplit make_carpet_split(int64_t n, int64_t size, uint64_t seed);

class MyDataset : public torch::data::datasets::Dataset<MyDataset> {
 public:
  explicit MyDataset(CarpetSplit split);
  torch::data::Example<> get(size_t index) override;
  torch::optional<size_t> size() const override;

 private:
  torch::Tensor images_;
  torch::Tensor masks_;
};
