#include "shapes_dataset.hpp"

#include <random>

namespace torch {
namespace data {
namespace datasets {

ShapesDataset::ShapesDataset(size_t length, uint64_t seed) : length(length) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    const int64_t S = kSide;
    auto ys = torch::arange(S, torch::kFloat).view({S, 1}).expand({S, S});
    auto xs = torch::arange(S, torch::kFloat).view({1, S}).expand({S, S});

    images = torch::zeros({(int64_t)length, 3, S, S});
    labels = torch::zeros({(int64_t)length}, torch::kLong);
    for (size_t i = 0; i < length; ++i) {
        int64_t cls = static_cast<int64_t>(u(rng) * kNumShapes) % kNumShapes;
        float cx = 5.0f + 6.0f * u(rng), cy = 5.0f + 6.0f * u(rng), r = 2.5f + 2.0f * u(rng);
        auto dx = xs - cx, dy = ys - cy;
        torch::Tensor mask;
        switch (cls) {
            case 0: mask = (dx.abs() < r) & (dy.abs() < r); break;                                   // square
            case 1: mask = (dx * dx + dy * dy) < r * r; break;                                       // disk
            case 2: mask = (dy < r) & (dy > -r) & (dx.abs() < (dy + r) * 0.5f); break;               // triangle
            case 3: mask = ((dx.abs() < 1.0f) | (dy.abs() < 1.0f)) & (dx.abs() < r) & (dy.abs() < r); break;  // cross
            case 4: mask = ((dx * dx + dy * dy) < r * r) & ((dx * dx + dy * dy) > (r - 1.5f) * (r - 1.5f)); break;  // ring
            default: mask = (dy.abs() < 1.2f) & (dx.abs() < r + 1.5f); break;                         // bar
        }
        for (int c = 0; c < 3; ++c) {
            float bg = 0.5f * u(rng), fg = 0.4f + 0.6f * u(rng);
            images[i][c] = torch::where(mask, torch::full({S, S}, fg), torch::full({S, S}, bg));
        }
        labels[i] = cls;
    }
    images = (images + 0.1 * torch::randn(images.sizes())).clamp(0.0, 1.0);
    images = (images - 0.5) / 0.25;
}

torch::data::Example<> ShapesDataset::get(size_t index) {
    return {images[index], labels[index]};
}

}  // namespace datasets
}  // namespace data
}  // namespace torch
