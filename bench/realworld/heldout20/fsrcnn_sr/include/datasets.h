#ifndef _DATASETS_H_HH
#define _DATASETS_H_HH

#include <torch/torch.h>
#include <vector>

// Synthetic luminance pictures (the original reads BSDS300 JPEGs with OpenCV).
std::vector<torch::Tensor> make_pictures(int count, int size, uint64_t seed);

class fsrcnnDataset : public torch::data::datasets::Dataset<fsrcnnDataset> {
public:
	fsrcnnDataset(std::vector<torch::Tensor> source, int crop_size, int upscale_factor);
	virtual ~fsrcnnDataset() {}
public:
	torch::data::Example<> get(size_t index) override;
	torch::optional<size_t> size() const override;
private:
	std::vector<torch::Tensor> _Datasource;
	int _crop_size;
	int _upscale_factor;
};
#endif
