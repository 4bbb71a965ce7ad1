#include "ShapesDataset.h"

#include <cmath>

ShapesDataset::ShapesDataset(int64_t count, int64_t image_size, int num_classes)
{
	auto palette = torch::rand({ num_classes, 3 });
	auto coords = torch::arange(image_size, torch::kFloat);
	auto grid = torch::meshgrid({ coords, coords }, "ij");
	for (int64_t n = 0; n < count; ++n)
	{
		const int64_t cls = torch::randint(0, num_classes, { 1 }).item<int64_t>();
		const float w = 12.0f + 20.0f * torch::rand({ 1 }).item<float>();
		const float h = 12.0f + 20.0f * torch::rand({ 1 }).item<float>();
		const float cx = w / 2 + (image_size - w) * torch::rand({ 1 }).item<float>();
		const float cy = h / 2 + (image_size - h) * torch::rand({ 1 }).item<float>();
		torch::Tensor mask;
		if (n % 2 == 0)
			mask = ((grid[1] - cx).abs() <= w / 2) & ((grid[0] - cy).abs() <= h / 2);
		else
			mask = ((grid[1] - cx) / (w / 2)).pow(2) + ((grid[0] - cy) / (h / 2)).pow(2) <= 1.0;
		auto img = 0.1 * torch::rand({ 3, image_size, image_size });
		img = torch::where(mask.unsqueeze(0), palette[cls].view({ 3, 1, 1 }).expand_as(img), img);
		images.push_back(img);
		targets.push_back(torch::tensor({ cx / image_size, cy / image_size, w / image_size, h / image_size,
		                                  static_cast<float>(cls) }).view({ 1, 5 }));
	}
}

torch::data::Example<> ShapesDataset::get(size_t index)
{
	return { images[index], targets[index] };
}

torch::optional<size_t> ShapesDataset::size() const
{
	return images.size();
}
