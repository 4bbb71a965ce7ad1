#pragma once

#include "siam_data_set.h"

#include <random>
#include <vector>

class Siam_data_loader {
public:
	Siam_data_loader(Siam_data_set& data_set, size_t batch_size);

	Batch get_batch();
	// true once every pair was served; starts the next epoch (reshuffled)
	bool epoch_end();
	size_t num_batch() const { return num_batch_; }
	size_t size_batch() const { return batch_size_; }
	size_t size() const { return data_set_.size(); }

private:
	Siam_data_set& data_set_;
	size_t batch_size_;
	size_t num_batch_ = 0;
	size_t index_ = 0;
	std::vector<size_t> order_;
	std::mt19937 gen_;
};
