#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

struct Batch {
	torch::Tensor img_1;
	torch::Tensor img_2;
	torch::Tensor label;	// 1: same part, 0: different parts
};

// Pairs of part images. The list used to be a csv of (path_1, path_2, label);
// here the parts are generated: 12 kinds of machined surface (stripe
// orientation, pitch and tint), each image with its own phase, tilt and noise.
class Siam_data_set {
public:
	Siam_data_set(int n_pairs, unsigned seed);

	void load_to_mem();
	Batch get(size_t index);
	size_t size() const { return labels_.size(); }

	static constexpr int kHeight = 48;
	static constexpr int kWidth = 48;
	static constexpr int kKinds = 12;

private:
	unsigned seed_;
	bool in_mem_ = false;
	std::vector<int> kind_1_, kind_2_;
	std::vector<unsigned> img_seed_1_, img_seed_2_;
	std::vector<float> labels_;
	std::vector<torch::Tensor> mem_1_, mem_2_;

	torch::Tensor render(int kind, unsigned img_seed) const;
};
