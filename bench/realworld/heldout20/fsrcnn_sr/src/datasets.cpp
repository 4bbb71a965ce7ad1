#include "datasets.h"
#include "transform.h"

#include <cmath>
#include <random>

std::vector<torch::Tensor> make_pictures(int count, int size, uint64_t seed)
{
	std::mt19937_64 gen(seed);
	std::uniform_real_distribution<float> uni(0.f, 1.f);
	auto coords = torch::arange(size, torch::kFloat) / static_cast<float>(size - 1);
	auto yy = coords.view({size, 1}).expand({size, size});
	auto xx = coords.view({1, size}).expand({size, size});

	std::vector<torch::Tensor> pictures;
	pictures.reserve(count);
	for (int n = 0; n < count; ++n) {
		auto img = torch::full({size, size}, 0.2f + 0.2f * uni(gen));
		// soft blobs
		for (int b = 0; b < 3; ++b) {
			float cy = uni(gen), cx = uni(gen);
			float r = 0.08f + 0.2f * uni(gen);
			float a = 0.5f * uni(gen) - 0.15f;
			img = img + a * torch::exp(-((yy - cy).pow(2) + (xx - cx).pow(2)) / (2 * r * r));
		}
		// a stripe pattern
		float fy = 1.f + 3.f * uni(gen), fx = 1.f + 3.f * uni(gen), ph = 6.283f * uni(gen);
		img = img + 0.12f * torch::sin(6.283f * (fy * yy + fx * xx) + ph);
		pictures.push_back(img.clamp(0.02, 0.98).unsqueeze(0));
	}
	return pictures;
}

fsrcnnDataset::fsrcnnDataset(std::vector<torch::Tensor> source, int crop_size, int upscale_factor)
{
	_Datasource = source;
	_crop_size = calculate_valid_crop_size(crop_size, upscale_factor);
	_upscale_factor = upscale_factor;
}

torch::data::Example<> fsrcnnDataset::get(size_t index)
{
	torch::Tensor s0 = _Datasource[index];
	torch::Tensor target = s0.clone();

	auto tensor0 = input_transform(s0, _crop_size, _upscale_factor);
	auto tensor1 = target_transform(target, _crop_size);
	return {tensor0, tensor1};
}

torch::optional<size_t> fsrcnnDataset::size() const
{
	return _Datasource.size();
}
