#include "siam_data_loader.h"

#include <algorithm>

Siam_data_loader::Siam_data_loader(Siam_data_set& data_set, size_t batch_size)
	: data_set_(data_set), batch_size_(batch_size), gen_(42) {
	order_.resize(data_set_.size());
	for (size_t i = 0; i < order_.size(); ++i) order_[i] = i;
	std::shuffle(order_.begin(), order_.end(), gen_);
}

Batch Siam_data_loader::get_batch() {
	std::vector<torch::Tensor> img_1, img_2, label;
	size_t end = std::min(index_ + batch_size_, order_.size());
	for (; index_ < end; ++index_) {
		Batch b = data_set_.get(order_[index_]);
		img_1.push_back(b.img_1);
		img_2.push_back(b.img_2);
		label.push_back(b.label);
	}
	num_batch_++;
	return { torch::cat(img_1), torch::cat(img_2), torch::stack(label) };
}

bool Siam_data_loader::epoch_end() {
	if (index_ + batch_size_ > order_.size()) {
		index_ = 0;
		num_batch_ = 0;
		std::shuffle(order_.begin(), order_.end(), gen_);
		return true;
	}
	return false;
}
