#pragma once
#include <torch/torch.h>
#include <vector>

// Synthetic detection set: one filled rectangle or ellipse per image, its
// colour encoding one of num_classes classes. Target: [n, 5] = (cx, cy, w, h, class).
class ShapesDataset : public torch::data::datasets::Dataset<ShapesDataset> {
public:
	ShapesDataset(int64_t count, int64_t image_size, int num_classes);
	torch::data::Example<> get(size_t index) override;
	torch::optional<size_t> size() const override;
private:
	std::vector<torch::Tensor> images;
	std::vector<torch::Tensor> targets;
};
