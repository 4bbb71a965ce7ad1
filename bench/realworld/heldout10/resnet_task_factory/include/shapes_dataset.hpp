#pragma once

#include <torch/torch.h>

#include <vector>

namespace torch {
namespace data {
namespace datasets {

// Small coloured shapes on noisy backgrounds, 3 x 16 x 16, six classes:
// square, disk, triangle, cross, ring, bar. Stands in for the CIFAR-10 reader.
class ShapesDataset : public torch::data::datasets::Dataset<ShapesDataset> {
   public:
    static constexpr int64_t kNumShapes = 6;
    static constexpr int64_t kSide = 16;

    explicit ShapesDataset(size_t length, uint64_t seed);

    torch::optional<size_t> size() const override { return length; }

    torch::data::Example<> get(size_t index) override;

   private:
    size_t length;
    torch::Tensor images;
    torch::Tensor labels;
};

}  // namespace datasets
}  // namespace data
}  // namespace torch
