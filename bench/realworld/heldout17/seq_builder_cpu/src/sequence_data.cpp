#include "sequence_data.h"

#include <cmath>

namespace cpp_torch {
namespace test {

void SeqenceData::Initialize(int num_series, int series_length, uint64_t seed) {
  auto gen = at::detail::createCPUGenerator(seed);
  train_x_.clear();
  train_y_.clear();
  test_x_.clear();
  test_y_.clear();

  const int window = sequence_length + out_sequence_length;
  for (int s = 0; s < num_series; ++s) {
    auto params = torch::rand({4}, gen);
    const double w1 = 0.15 + 0.25 * params[0].item<double>();
    const double w2 = 0.10 + 0.20 * params[1].item<double>();
    const double phase = 6.28318 * params[2].item<double>();
    const double amp = 0.6 + 0.4 * params[3].item<double>();

    auto t = torch::arange(series_length, torch::kFloat32);
    auto c0 = amp * torch::sin(w1 * t + phase);
    auto c1 = amp * torch::cos(w2 * t + phase);
    auto c2 = c0 * c1;
    auto series = torch::stack({c0, c1, c2}, 1).slice(1, 0, y_dim);  // [T, y_dim]
    series = series + 0.02 * torch::randn(series.sizes(), gen);

    for (int start = 0; start + window <= series_length; start += 3) {
      auto x = series.slice(0, start, start + sequence_length).reshape({1, -1});
      auto y = series.slice(0, start + sequence_length, start + window).reshape({1, -1});
      if (s % 5 == 4) {
        test_x_.push_back(x);
        test_y_.push_back(y);
      } else {
        train_x_.push_back(x);
        train_y_.push_back(y);
      }
    }
  }
}

void SeqenceData::get_train_data(std::vector<torch::Tensor> &images,
                                 std::vector<torch::Tensor> &labels) const {
  images = train_x_;
  labels = train_y_;
}

void SeqenceData::get_test_data(std::vector<torch::Tensor> &images,
                                std::vector<torch::Tensor> &labels) const {
  images = test_x_;
  labels = test_y_;
}

}  // namespace test
}  // namespace cpp_torch
