#include "dataloader.h"

DataLoader::DataLoader(DogBreedDataset& dataset, size_t batch_size, bool shuffle)
	: dataset_(dataset), batch_size_(batch_size), shuffle_(shuffle)
{
	reset();
}

void DataLoader::reset()
{
	order_ = shuffle_ ? torch::randperm(dataset_.size(), torch::kLong) : torch::arange(dataset_.size(), torch::kLong);
	position_ = 0;
	batch_idx_ = 0;
}

std::optional<Batch> DataLoader::next()
{
	if (position_ >= dataset_.size()) {
		return std::nullopt;
	}
	const int64_t end = std::min<int64_t>(position_ + batch_size_, dataset_.size());
	std::vector<torch::Tensor> images, labels;
	for (int64_t i = position_; i < end; i++) {
		const int64_t index = order_[i].item<int64_t>();
		images.push_back(dataset_.image(index));
		labels.push_back(dataset_.label(index));
	}
	position_ = end;
	batch_idx_ += 1;
	return Batch{ torch::stack(images), torch::stack(labels), batch_idx_ };
}
