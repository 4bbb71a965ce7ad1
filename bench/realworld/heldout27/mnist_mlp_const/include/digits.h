#pragma once

#include <torch/torch.h>

// Stands in for torch::data::datasets::MNIST: 28 x 28 one-channel images of ten
// synthetic "digits" (a bar whose row and column depend on the class, plus noise),
// with pixel values in [0, 1] like MNIST's after its own scaling.
class SyntheticDigits : public torch::data::Dataset<SyntheticDigits> {
public:
    enum class Mode { kTrain, kTest };

    explicit SyntheticDigits(int64_t count, Mode mode = Mode::kTrain);

    torch::data::Example<> get(size_t index) override;
    torch::optional<size_t> size() const override;

private:
    torch::Tensor images_;
    torch::Tensor targets_;
};
