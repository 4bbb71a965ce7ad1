#ifndef STROKE_DATASET_H
#define STROKE_DATASET_H
#include <torch/torch.h>

#include <cstdint>

// 28 x 28 single-channel images of one thick stroke (a bar at a random angle, or a ring),
// normalised to [-1, 1] as MNIST with Normalize<>(0.5, 0.5).
class StrokeDataset : public torch::data::datasets::Dataset<StrokeDataset> {
public:
	StrokeDataset(int64_t iCount, uint64_t uiSeed);
	torch::data::Example<> get(size_t index) override;
	torch::optional<size_t> size() const override;
	const torch::Tensor &images() const { return tImages; }
private:
	torch::Tensor tImages;
	torch::Tensor tKinds;
};

#endif
