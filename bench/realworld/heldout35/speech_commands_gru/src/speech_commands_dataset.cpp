#include "speech_commands_dataset.h"

speech_commands_dataset::speech_commands_dataset(DATASET_DATA* data_set, int sequence_len, int input_dim)
{
	data_set_ = data_set;
	sequence_len_ = sequence_len;
	input_dim_ = input_dim;
}

torch::data::Example<> speech_commands_dataset::get(size_t index)
{
	torch::Tensor audio, labels;

	audio = torch::from_blob(data_set_->audio_data[index], { sequence_len_, input_dim_ }, torch::requires_grad());

	labels = torch::from_blob(&data_set_->labels[index], { 1 }, torch::kLong);

	labels = labels.squeeze(0);

	return { audio, labels };
}
