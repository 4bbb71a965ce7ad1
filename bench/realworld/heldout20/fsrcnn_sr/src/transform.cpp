#include "transform.h"

#include <algorithm>

int calculate_valid_crop_size(int crop_size, int upscale_factor)
{
	return crop_size - (crop_size % upscale_factor);
}

torch::Tensor CenterCrop(const torch::Tensor& img, int crop_size)
{
	while (true) {
		if (std::min(img.size(1), img.size(2)) >= crop_size) break;
		crop_size /= 2;
	}
	int64_t y = (img.size(1) - crop_size) / 2;
	int64_t x = (img.size(2) - crop_size) / 2;
	return img.slice(1, y, y + crop_size).slice(2, x, x + crop_size).clone();
}

torch::Tensor Resize(const torch::Tensor& img, int output_size)
{
	// area interpolation, as cv::resize with INTER_AREA
	return torch::adaptive_avg_pool2d(img.unsqueeze(0), {output_size, output_size}).squeeze(0);
}

torch::Tensor input_transform(const torch::Tensor& img, int crop_size, int upscale_factor)
{
	return Resize(CenterCrop(img, crop_size), crop_size / upscale_factor);
}

torch::Tensor target_transform(const torch::Tensor& img, int crop_size)
{
	return CenterCrop(img, crop_size);
}
