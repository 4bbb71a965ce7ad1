#pragma once
#include <torch/torch.h>

// Synthetic stand-in for the MNIST folder: 28x28 images in [0, 1] of bars and
// blocks (one of four shapes, shifted), as torch::data::datasets::MNIST gives.
class ShapeDigits : public torch::data::datasets::Dataset<ShapeDigits> {
public:
  explicit ShapeDigits(int64_t count);
  torch::data::Example<> get(size_t index) override;
  torch::optional<size_t> size() const override;

private:
  torch::Tensor images_;
};

// Mean absolute difference between the mean image of two batches of [-1, 1] images.
double mean_image_gap(const torch::Tensor& a, const torch::Tensor& b);
