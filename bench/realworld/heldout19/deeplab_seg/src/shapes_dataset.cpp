#include "shapes_dataset.h"

ShapesSegDataset::ShapesSegDataset(int64_t count, uint64_t seed) {
	auto gen = at::detail::createCPUGenerator(seed);
	const int64_t S = 32;
	auto ys = torch::arange(S, torch::kFloat).view({1, S, 1});
	auto xs = torch::arange(S, torch::kFloat).view({1, 1, S});

	// background: a colour gradient with noise
	auto bg_colour = torch::rand({count, 3, 1, 1}, gen) * 0.5;
	auto images = bg_colour + 0.15 * torch::randn({count, 3, S, S}, gen) + 0.2 * (xs / S).unsqueeze(1);
	auto masks = torch::zeros({count, S, S}, torch::kLong);

	// a square (class 2)
	auto sq_size = torch::floor(torch::rand({count, 1, 1}, gen) * 6 + 6);
	auto sq_y = torch::floor(torch::rand({count, 1, 1}, gen) * (S - 12));
	auto sq_x = torch::floor(torch::rand({count, 1, 1}, gen) * (S - 12));
	auto in_square = (ys >= sq_y) & (ys < sq_y + sq_size) & (xs >= sq_x) & (xs < sq_x + sq_size);

	// a disc (class 1), drawn over the square
	auto radius = torch::rand({count, 1, 1}, gen) * 3 + 3;
	auto cy = torch::rand({count, 1, 1}, gen) * (S - 12) + 6;
	auto cx = torch::rand({count, 1, 1}, gen) * (S - 12) + 6;
	auto in_disc = ((ys - cy).pow(2) + (xs - cx).pow(2)) < radius.pow(2);

	auto sq_colour = torch::rand({count, 3, 1, 1}, gen) * 0.4 + torch::tensor({0.6f, 0.1f, 0.1f}).view({1, 3, 1, 1});
	auto disc_colour = torch::rand({count, 3, 1, 1}, gen) * 0.4 + torch::tensor({0.1f, 0.1f, 0.6f}).view({1, 3, 1, 1});

	images = torch::where(in_square.unsqueeze(1), sq_colour + 0.05 * torch::randn({count, 3, S, S}, gen), images);
	images = torch::where(in_disc.unsqueeze(1), disc_colour + 0.05 * torch::randn({count, 3, S, S}, gen), images);
	masks.masked_fill_(in_square, 2);
	masks.masked_fill_(in_disc, 1);

	// normalise as the original does for ImageNet statistics
	auto mean = torch::tensor({0.485f, 0.456f, 0.406f}).view({1, 3, 1, 1});
	auto stdv = torch::tensor({0.229f, 0.224f, 0.225f}).view({1, 3, 1, 1});
	images_ = ((images - mean) / stdv).contiguous();
	masks_ = masks.contiguous();
}

torch::data::Example<> ShapesSegDataset::get(size_t index) {
	auto i = static_cast<int64_t>(index);
	return {images_[i], masks_[i]};
}

torch::optional<size_t> ShapesSegDataset::size() const {
	return static_cast<size_t>(images_.size(0));
}
