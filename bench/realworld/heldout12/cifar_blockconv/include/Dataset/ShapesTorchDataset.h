//
// Ten classes of small colour images (five shapes, two colour schemes), drawn in memory
// in place of the CIFAR-10 image folders.
//

#ifndef LIBTORCHPLAYGROUND_DATASET_SHAPESTORCHDATASET_H_
#define LIBTORCHPLAYGROUND_DATASET_SHAPESTORCHDATASET_H_

#include <torch/torch.h>

class ShapesTorchDataset : public torch::data::datasets::Dataset<ShapesTorchDataset> {
 public:
  static constexpr int64_t kImageSide = 20;
  static constexpr int64_t kNumClasses = 10;

  ShapesTorchDataset(int64_t size, uint64_t seed);

  torch::data::Example<> get(size_t index) override;
  torch::optional<size_t> size() const override;

 private:
  torch::Tensor images_;
  torch::Tensor labels_;
};

#endif//LIBTORCHPLAYGROUND_DATASET_SHAPESTORCHDATASET_H_
