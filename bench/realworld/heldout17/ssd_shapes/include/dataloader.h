#pragma once
#include <torch/torch.h>

#include <tuple>
#include <vector>

class CustomDataset : public torch::data::Dataset<CustomDataset> {
public:
    CustomDataset(const std::vector<torch::Tensor>& images, const std::vector<torch::Tensor>& targets)
        : images_(images), targets_(targets) {}

    torch::data::Example<> get(size_t index) override { return { images_[index], targets_[index] }; }
    torch::optional<size_t> size() const override { return images_.size(); }

private:
    std::vector<torch::Tensor> images_;
    std::vector<torch::Tensor> targets_;
};

// Synthetic scenes of img_size x img_size pixels with one or two shapes each.
// Targets are [n, 5] rows of (cx, cy, w, h, class), boxes normalised to [0, 1];
// classes run from 1 to num_classes - 1 (0 is the background).
std::tuple<std::vector<torch::Tensor>, std::vector<torch::Tensor>> get_train_data(
    int count, int img_size, int num_classes, uint64_t seed);
