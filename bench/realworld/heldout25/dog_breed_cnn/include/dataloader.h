#pragma once
#include "pch.h"
#include "dogbreeddataset.h"

struct Batch {
	torch::Tensor data;
	torch::Tensor target;
	int batch_idx;
};

// Hand-written loader with next()/reset(), as the original's dataloader.h.
class DataLoader {
public:
	DataLoader(DogBreedDataset& dataset, size_t batch_size, bool shuffle = true);
	std::optional<Batch> next();
	void reset();

private:
	DogBreedDataset& dataset_;
	size_t batch_size_;
	bool shuffle_;
	torch::Tensor order_;
	int64_t position_ = 0;
	int batch_idx_ = 0;
};
