#include "shapes_dataset.h"

ShapesDataset::ShapesDataset(int64_t count, const std::tuple<int, int> &img_size, uint64_t seed) {
    auto gen = at::detail::createCPUGenerator(seed);
    int64_t h = std::get<0>(img_size), w = std::get<1>(img_size);
    auto ys = torch::arange(h, torch::kFloat).view({1, h, 1});
    auto xs = torch::arange(w, torch::kFloat).view({1, 1, w});

    // a disc of radius 2.5-4.5 somewhere in the picture
    auto cy = torch::rand({count, 1, 1}, gen) * (h - 8) + 4;
    auto cx = torch::rand({count, 1, 1}, gen) * (w - 8) + 4;
    auto r = torch::rand({count, 1, 1}, gen) * 2.0 + 2.5;
    auto d2 = (ys - cy).pow(2) + (xs - cx).pow(2);
    auto disc = torch::sigmoid((r * r - d2) / 3.0);

    // a horizontal or vertical bar in half of the pictures
    auto has_bar = (torch::rand({count, 1, 1}, gen) < 0.5).to(torch::kFloat);
    auto vertical = (torch::rand({count, 1, 1}, gen) < 0.5).to(torch::kFloat);
    auto pos = torch::floor(torch::rand({count, 1, 1}, gen) * (w - 4)) + 2;
    auto bar_v = ((xs - pos).abs() < 1.0).to(torch::kFloat).expand({count, h, w});
    auto bar_h = ((ys - pos).abs() < 1.0).to(torch::kFloat).expand({count, h, w});
    auto bar = has_bar * (vertical * bar_v + (1 - vertical) * bar_h) * 0.7;

    auto img = torch::clamp(disc + bar, 0.0, 1.0);
    images_ = (img * 2.0 - 1.0).unsqueeze(1).contiguous();  // [count, 1, h, w] in [-1, 1]
}

torch::data::TensorExample ShapesDataset::get(size_t index) {
    return torch::data::TensorExample(images_[static_cast<int64_t>(index)]);
}

torch::optional<size_t> ShapesDataset::size() const {
    return static_cast<size_t>(images_.size(0));
}
