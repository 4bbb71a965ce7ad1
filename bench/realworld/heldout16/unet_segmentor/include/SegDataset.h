#ifndef SEGDATASET_H
#define SEGDATASET_H
#include "util.h"

#include <cstdint>

// Synthetic scenes: a noisy textured background with discs (class 1) and squares (class 2),
// stored as 0..255 bytes like decoded images, with their label maps.
class SegDataset : public torch::data::Dataset<SegDataset> {
public:
	SegDataset(int resize_width, int resize_height, int64_t count, uint64_t seed,
		std::vector<std::string> name_list, trainTricks tricks, bool isTrain = false);
	torch::data::Example<> get(size_t index) override;
	torch::optional<size_t> size() const override { return images.size(0); }
private:
	int width = 32; int height = 32;
	bool is_train = false;
	trainTricks tricks;
	std::vector<std::string> name_list = {};
	torch::Tensor images;   // N x 3 x H x W, 0..255
	torch::Tensor labels;   // N x 1 x H x W, long
};

#endif // SEGDATASET_H
