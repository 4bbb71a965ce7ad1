#include "SegDataset.h"

#include <random>

SegDataset::SegDataset(int resize_width, int resize_height, int64_t count, uint64_t seed,
	std::vector<std::string> list_name, trainTricks trick, bool isTrain) {
	width = resize_width; height = resize_height; name_list = list_name; tricks = trick; is_train = isTrain;

	std::mt19937_64 rng(seed);
	std::uniform_real_distribution<float> uni(0.0f, 1.0f);
	images = torch::zeros({ count, 3, height, width });
	labels = torch::zeros({ count, 1, height, width }, torch::kLong);

	auto ys = torch::arange(height, torch::kFloat32).view({ height, 1 }).expand({ height, width });
	auto xs = torch::arange(width, torch::kFloat32).view({ 1, width }).expand({ height, width });
	for (int64_t n = 0; n < count; n++) {
		auto label = torch::zeros({ height, width }, torch::kLong);
		const int shapes = 1 + static_cast<int>(uni(rng) * 3.0f);
		for (int s = 0; s < shapes; s++) {
			const float cx = 4.0f + uni(rng) * (width - 8), cy = 4.0f + uni(rng) * (height - 8);
			const float r = 3.0f + uni(rng) * 5.0f;
			if (uni(rng) < 0.5f) {
				auto disc = ((xs - cx).pow(2) + (ys - cy).pow(2)) <= r * r;
				label.masked_fill_(disc, 1);
			} else {
				auto square = ((xs - cx).abs() <= r * 0.8f).logical_and((ys - cy).abs() <= r * 0.8f);
				label.masked_fill_(square, 2);
			}
		}
		// colours overlap between classes: the shape decides, not the colour alone
		auto base = torch::rand({ 3, 1, 1 }) * 120.0;
		auto fg = 90.0 + torch::rand({ 3, 1, 1 }) * 120.0;
		auto mask = (label > 0).to(torch::kFloat32).unsqueeze(0);
		auto img = base * (1 - mask) + fg * mask + torch::randn({ 3, height, width }) * 25.0;
		images[n] = img.clamp(0, 255);
		labels[n][0] = label;
	}
}

torch::data::Example<> SegDataset::get(size_t index) {
	auto img = images[index];
	auto label = labels[index];
	if (is_train && tricks.horizontal_flip_prob > 0 && torch::rand({ 1 }).item<float>() < tricks.horizontal_flip_prob) {
		img = img.flip({ 2 });
		label = label.flip({ 2 });
	}
	return { img.clone(), label.clone() };
}
