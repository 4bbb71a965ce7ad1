#pragma once
#include "pch.h"

#include <functional>

// Synthetic stand-in for the dog breed image folders: every breed is a
// low-frequency colour pattern, every image a noisy, shifted copy of it.
class DogBreedDataset {
public:
	static constexpr int64_t kNumBreeds = 133;
	static constexpr int64_t kImageSize = 32;

	DogBreedDataset(const std::string& split, std::function<void(torch::Tensor&)> transform);

	int64_t size() const { return images_.size(0); }
	torch::Tensor image(int64_t index) const;
	torch::Tensor label(int64_t index) const { return labels_[index].unsqueeze(0); }

private:
	torch::Tensor images_;
	torch::Tensor labels_;
	std::function<void(torch::Tensor&)> transform_;
};

void Resize(int64_t size, torch::Tensor& image);
