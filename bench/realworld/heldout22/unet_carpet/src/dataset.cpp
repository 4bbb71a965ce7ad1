#include "dataset.h"

CarpetSplit make_carpet_split(int64_t n, int64_t size, uint64_t seed) {
  auto gen = at::detail::createCPUGenerator(seed);
  auto ys = torch::arange(size, torch::kFloat).view({1, size, 1});
  auto xs = torch::arange(size, torch::kFloat).view({1, 1, size});
  auto images = torch::empty({n, 1, size, size});
  auto masks = torch::zeros({n, 1, size, size});
  for (int64_t i = 0; i < n; ++i) {
    auto r = torch::rand({8}, gen);
    const double period = 3.0 + 4.0 * r[0].item<double>();
    const double angle = 3.14159 * r[1].item<double>();
    auto texture = 0.5 + 0.25 * torch::sin((xs * std::cos(angle) + ys * std::sin(angle)) * 6.2832 / period);
    texture = texture + 0.05 * torch::randn({1, size, size}, gen);
    // one defect per picture: a dark hole, a bright cut or a stain
    const double cy = 6 + (size - 12) * r[2].item<double>();
    const double cx = 6 + (size - 12) * r[3].item<double>();
    const double rad = 2.0 + 3.0 * r[4].item<double>();
    torch::Tensor defect;
    const double kind = r[5].item<double>();
    if (kind < 0.4) {
      defect = ((ys - cy).pow(2) + (xs - cx).pow(2)).le(rad * rad);
    } else if (kind < 0.8) {
      defect = ((ys - cy).abs().le(1.0)).logical_and((xs - cx).abs().le(2 * rad));
    } else {
      defect = ((ys - cy).abs() + (xs - cx).abs()).le(rad);
    }
    auto d = defect.to(torch::kFloat);
    const double level = r[6].item<double>() < 0.5 ? 0.05 : 0.95;
    images[i] = texture * (1 - d) + level * d;
    masks[i] = d;
  }
  return {images, masks};
}

MyDataset::MyDataset(CarpetSplit split) : images_(split.images), masks_(split.masks) {}

torch::data::Example<> MyDataset::get(size_t index) {
  return {images_[index], masks_[index]};
}

torch::optional<size_t> MyDataset::size() const { return images_.size(0); }
