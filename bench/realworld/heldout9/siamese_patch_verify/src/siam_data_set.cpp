#include "siam_data_set.h"
#include "utility.h"

#include <cmath>
#include <random>

Siam_data_set::Siam_data_set(int n_pairs, unsigned seed) : seed_(seed) {
	std::mt19937 gen(seed);
	std::uniform_int_distribution<int> kind(0, kKinds - 1);
	std::uniform_real_distribution<float> unit(0.0f, 1.0f);
	for (int i = 0; i < n_pairs; ++i) {
		int k1 = kind(gen);
		bool same = unit(gen) < 0.5f;
		int k2 = k1;
		if (!same) {
			while (k2 == k1) k2 = kind(gen);
		}
		kind_1_.push_back(k1);
		kind_2_.push_back(k2);
		img_seed_1_.push_back(gen());
		img_seed_2_.push_back(gen());
		labels_.push_back(same ? 1.0f : 0.0f);
	}
}

torch::Tensor Siam_data_set::render(int kind, unsigned img_seed) const {
	std::mt19937 gen(img_seed);
	std::uniform_real_distribution<float> unit(0.0f, 1.0f);
	std::normal_distribution<float> noise(0.0f, 1.0f);
	const float pi = 3.14159265f;
	float theta = kind * pi / kKinds + 0.15f * noise(gen);
	float freq = 0.10f + 0.06f * (kind % 3);
	float phase = 2.0f * pi * unit(gen);
	float tint[3] = { 0.6f + 0.2f * ((kind >> 0) & 1), 0.6f + 0.2f * ((kind >> 1) & 1), 0.6f + 0.2f * ((kind >> 2) & 1) };
	std::vector<float> pixels(kHeight * kWidth * 3);
	for (int y = 0; y < kHeight; ++y) {
		for (int x = 0; x < kWidth; ++x) {
			float s = 0.5f + 0.5f * std::sin(2.0f * pi * freq * (x * std::cos(theta) + y * std::sin(theta)) + phase);
			for (int c = 0; c < 3; ++c) {
				float v = tint[c] * s + 0.3f * noise(gen);
				pixels[(y * kWidth + x) * 3 + c] = std::min(1.0f, std::max(0.0f, v));
			}
		}
	}
	return img_to_tensor(pixels, kHeight, kWidth);
}

void Siam_data_set::load_to_mem() {
	mem_1_.clear();
	mem_2_.clear();
	for (size_t i = 0; i < labels_.size(); ++i) {
		mem_1_.push_back(render(kind_1_[i], img_seed_1_[i]));
		mem_2_.push_back(render(kind_2_[i], img_seed_2_[i]));
	}
	in_mem_ = true;
}

Batch Siam_data_set::get(size_t index) {
	Batch b;
	if (in_mem_) {
		b.img_1 = mem_1_[index];
		b.img_2 = mem_2_[index];
	} else {
		b.img_1 = render(kind_1_[index], img_seed_1_[index]);
		b.img_2 = render(kind_2_[index], img_seed_2_[index]);
	}
	b.label = torch::tensor({ labels_[index] }, torch::kFloat32);
	return b;
}
