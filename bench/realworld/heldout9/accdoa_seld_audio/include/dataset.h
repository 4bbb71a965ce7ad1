#pragma once
#include <torch/torch.h>

#include <string>

#include "config.h"

// Serves one array of a trial in batches along its first dimension
// (what used to be one zarr array of the trial).
class DatasetProcessor {
public:
	DatasetProcessor() = default;
	DatasetProcessor(torch::Tensor data, size_t batch_size);

	torch::Tensor batch();
	void read_reset();
	int64_t rows() const { return data_.size(0); }
	torch::Tensor all() const { return data_; }

private:
	torch::Tensor data_;
	int64_t batch_size_ = 1;
	int64_t cursor_ = 0;
};

// One recorded trial: features and labels of batch_amount * batch_size windows.
// Features: [N, channels, time_window, mel_bins]; labels: [N, 1, t_prime, ...].
struct Reader {
	Reader(const std::string& zarr_path, const SystemConfig& config);

	DatasetProcessor sed_featureset;
	DatasetProcessor doa_featureset;
	DatasetProcessor sed_labelset;
	DatasetProcessor doa_labelset;
};
