#include "data.h"

ShapeDigits::ShapeDigits(int64_t count) {
  images_ = torch::zeros({count, 1, 28, 28});
  auto kinds = torch::randint(0, 4, {count});
  auto offsets = torch::randint(-3, 4, {count});
  for (int64_t i = 0; i < count; ++i) {
    const int64_t k = kinds[i].item<int64_t>();
    const int64_t o = offsets[i].item<int64_t>();
    using torch::indexing::Slice;
    if (k == 0) images_[i].index_put_({0, Slice(), Slice(12 + o, 16 + o)}, 1.0);
    if (k == 1) images_[i].index_put_({0, Slice(12 + o, 16 + o), Slice()}, 1.0);
    if (k == 2) images_[i].index_put_({0, Slice(8 + o, 20 + o), Slice(8, 20)}, 1.0);
    if (k == 3) images_[i].index_put_({0, Slice(4, 24), Slice(4 + o, 8 + o)}, 1.0);
  }
}

torch::data::Example<> ShapeDigits::get(size_t index) {
  return {images_[index], torch::tensor(0, torch::kLong)};
}

torch::optional<size_t> ShapeDigits::size() const {
  return images_.size(0);
}

double mean_image_gap(const torch::Tensor& a, const torch::Tensor& b) {
  return (a.mean(0) - b.mean(0)).abs().mean().item<double>();
}
