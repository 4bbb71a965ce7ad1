#pragma once
#include <torch/torch.h>

#include <cstdint>

// Synthetic 3 x 32 x 32 scenes in place of COCO: a textured background (class 0), a disc (class 1)
// and a square (class 2) of random colours, with per-pixel labels.
class ShapesSegDataset : public torch::data::datasets::Dataset<ShapesSegDataset> {
public:
    ShapesSegDataset(int64_t count, uint64_t seed);

    torch::data::Example<> get(size_t index) override;

    torch::optional<size_t> size() const override;

private:
    torch::Tensor images_;
    torch::Tensor masks_;
};
