#include "net.h"

Net::Net(int input_dim, int hidden_dim_1, int hidden_dim_2, int sequence_len, int label_len)
{
	gru1 = register_module("gru1", torch::nn::GRU(torch::nn::GRUOptions(input_dim, hidden_dim_1).num_layers(1).bias(false).batch_first(true).bidirectional(false)));
	gru2 = register_module("gru2", torch::nn::GRU(torch::nn::GRUOptions(hidden_dim_1, hidden_dim_2).num_layers(1).bias(false).batch_first(true).bidirectional(false)));
	fc1 = register_module("fc1", torch::nn::Linear(hidden_dim_2 * sequence_len, label_len));
}

torch::Tensor Net::forward(torch::Tensor input)
{
	torch::Tensor output;

	auto tuple = gru1(input);
	output = std::get<0>(tuple);

	tuple = gru2(output);
	output = std::get<0>(tuple);

	output = output.reshape({ output.size(0), output.size(1) * output.size(2)});

	output = fc1->forward(output);

	return torch::log_softmax(output, 1);
}
