#include "dogbreeddataset.h"

namespace {

torch::Tensor breed_templates()
{
	// Same templates for every split: drawn from a generator of their own.
	auto gen = at::detail::createCPUGenerator(2024);
	auto coarse = torch::randn({ DogBreedDataset::kNumBreeds, 3, 4, 4 }, gen);
	return coarse.repeat_interleave(8, 2).repeat_interleave(8, 3);
}

int64_t per_breed(const std::string& split)
{
	return split == "train" ? 6 : 2;
}

}  // namespace

DogBreedDataset::DogBreedDataset(const std::string& split, std::function<void(torch::Tensor&)> transform)
	: transform_(std::move(transform))
{
	auto templates = breed_templates();
	const int64_t n = per_breed(split);
	std::vector<torch::Tensor> images;
	std::vector<int64_t> labels;
	for (int64_t breed = 0; breed < kNumBreeds; breed++) {
		for (int64_t k = 0; k < n; k++) {
			auto shift = torch::randint(-2, 3, { 2 }).to(torch::kLong);
			auto img = torch::roll(templates[breed], { shift[0].item<int64_t>(), shift[1].item<int64_t>() }, { 1, 2 });
			img = img + 0.6 * torch::randn_like(img);
			images.push_back(img);
			labels.push_back(breed);
		}
	}
	images_ = torch::stack(images);
	labels_ = torch::tensor(labels, torch::kLong);
}

torch::Tensor DogBreedDataset::image(int64_t index) const
{
	auto img = images_[index].clone();
	transform_(img);
	return img;
}

void Resize(int64_t size, torch::Tensor& image)
{
	if (image.size(1) != size || image.size(2) != size) {
		image = torch::nn::functional::interpolate(image.unsqueeze(0),
			torch::nn::functional::InterpolateFuncOptions().size(std::vector<int64_t>{ size, size }).mode(torch::kBilinear).align_corners(false)).squeeze(0);
	}
}
