#include "dataset.h"

#include <cmath>
#include <random>

Dataset::Dataset(std::string data_path, std::vector<std::string> name_classes, int input_size, int num_images)
	: data_path(std::move(data_path)), name_classes(std::move(name_classes)), input_size(input_size)
{
	// {seed, label} per image, as the original kept {file index, label}
	std::mt19937 rng(17);
	for (int i = 0; i < num_images; i++) {
		int label = i % static_cast<int>(this->name_classes.size());
		datasets.push_back({ static_cast<int>(rng() % 1000003), label });
	}
	std::cout << "[INFO] " << this->data_path << ": " << datasets.size() << " images, "
		<< this->name_classes.size() << " classes" << std::endl;
}

torch::Tensor draw_picture(int label, int size, uint64_t seed)
{
	std::mt19937 rng(static_cast<uint32_t>(seed));
	std::uniform_real_distribution<float> uni(0.0f, 1.0f);
	auto img = torch::zeros({ 3, size, size });
	auto acc = img.accessor<float, 3>();
	float cx = 4.0f + uni(rng) * (size - 8), cy = 4.0f + uni(rng) * (size - 8);
	float radius = 2.5f + uni(rng) * 2.5f;
	float period = 3.0f + uni(rng) * 2.0f;
	float phase = uni(rng) * 6.28f;
	for (int y = 0; y < size; y++) {
		for (int x = 0; x < size; x++) {
			float coord = (label == 0) ? static_cast<float>(y) : static_cast<float>(x);
			float stripe = 0.5f + 0.35f * std::sin(6.2832f * coord / period + phase);
			float d = std::hypot(x - cx, y - cy);
			float blob = d < radius ? 1.0f : 0.0f;
			for (int c = 0; c < 3; c++) {
				float tint = (label == 0) ? (c == 0 ? 0.9f : 0.4f) : (c == 2 ? 0.9f : 0.4f);
				float v = 0.6f * stripe + 0.4f * blob * tint + 0.25f * (uni(rng) - 0.5f);
				acc[c][y][x] = std::min(1.0f, std::max(0.0f, v));
			}
		}
	}
	return img;
}

torch::data::Example<> Dataset::get(size_t index)
{
	int seed = datasets[index][0];
	int label = datasets[index][1];
	torch::Tensor img_tensor = draw_picture(label, input_size, static_cast<uint64_t>(seed));
	torch::Tensor label_tensor = torch::full({ 1 }, label, torch::kInt64);
	return { img_tensor, label_tensor };
}
