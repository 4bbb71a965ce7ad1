// CIFAR-100 binary-format dataset (fine labels).
#pragma once

#include <torch/data/datasets/base.h>
#include <torch/data/example.h>
#include <torch/types.h>

#include <cstddef>
#include <string>

class CIFAR100 : public torch::data::datasets::Dataset<CIFAR100> {
 public:
    enum class Mode { kTrain, kTest };

    explicit CIFAR100(const std::string& root, Mode mode = Mode::kTrain);

    torch::data::Example<> get(size_t index) override;
    torch::optional<size_t> size() const override;

    bool is_train() const noexcept { return mode_ == Mode::kTrain; }

 private:
    torch::Tensor images_;
    torch::Tensor targets_;
    Mode mode_;
};
