#pragma once

#include <torch/torch.h>

#include "benchmark_speech_commands.h"

class speech_commands_dataset : public torch::data::Dataset<speech_commands_dataset>
{
public:

	speech_commands_dataset(DATASET_DATA* data_set, int sequence_len, int input_dim);

	torch::data::Example<> get(size_t index) override;

	torch::optional<size_t> size() const override
	{
		return data_set_->total_examples;
	};

private:
	DATASET_DATA* data_set_;
	int sequence_len_;
	int input_dim_;
};
