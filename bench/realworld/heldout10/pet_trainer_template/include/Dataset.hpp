#pragma once

#ifndef DATASET_HPP
#define DATASET_HPP

#include <torch/torch.h>

#include <memory>
#include <vector>

enum class Mode { Train, Test };

// digits drawn as seven-segment glyphs, 1 x 12 x 12, stand in for MNIST
class DigitDataset : public torch::data::datasets::Dataset<DigitDataset> {
public:
    DigitDataset(int64_t count, Mode mode, uint64_t seed);
    torch::data::Example<> get(size_t index) override;
    torch::optional<size_t> size() const override;

private:
    torch::Tensor images_;
    torch::Tensor labels_;
};

// the pet pictures: 3 x S x S, label 1 (cat: ears and stripes) or 0 (dog: round head, patches)
std::tuple<torch::Tensor, std::shared_ptr<std::vector<int>>>
make_pet_images(int64_t count, int64_t image_size, float cat_share, uint64_t seed);

class CustomDataset : public torch::data::datasets::Dataset<CustomDataset> {
public:
    CustomDataset(torch::Tensor images, std::shared_ptr<std::vector<int>> labels, Mode mode);
    torch::data::Example<> get(size_t index) override;
    torch::optional<size_t> size() const override;

private:
    torch::Tensor images_;
    std::shared_ptr<std::vector<int>> labels_;
    Mode mode_;
};

#endif // DATASET_HPP
