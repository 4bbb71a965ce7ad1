#pragma once
#include <torch/torch.h>

#include <cstdint>
#include <tuple>

// Synthetic one-channel pictures in [-1, 1]: one or two soft discs and bars on a dark background.
class ShapesDataset : public torch::data::datasets::Dataset<ShapesDataset, torch::data::TensorExample> {
public:
    ShapesDataset(int64_t count, const std::tuple<int, int> &img_size, uint64_t seed);

    torch::data::TensorExample get(size_t index) override;

    torch::optional<size_t> size() const override;

    const torch::Tensor &images() const { return images_; }

private:
    torch::Tensor images_;
};
