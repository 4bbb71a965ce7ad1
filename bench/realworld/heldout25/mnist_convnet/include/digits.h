#pragma once
#include <torch/torch.h>

// Synthetic stand-in for torch::data::datasets::MNIST: 28x28 single-channel
// images in [0, 1], ten classes drawn as noisy, shifted strokes of a class
// template, with the same Mode enum as the MNIST dataset.
class SyntheticDigits : public torch::data::datasets::Dataset<SyntheticDigits> {
public:
    enum class Mode { kTrain, kTest };

    explicit SyntheticDigits(Mode mode = Mode::kTrain);

    torch::data::Example<> get(size_t index) override;
    torch::optional<size_t> size() const override;

private:
    torch::Tensor images_, targets_;
};
