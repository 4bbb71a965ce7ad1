#include "head.h"

torch::nn::Sequential make_similarity_head(int64_t in_features, int64_t hidden) {
	torch::nn::Sequential head(
		torch::nn::Linear(in_features, hidden),
		torch::nn::ReLU(),
		torch::nn::Linear(hidden, 1),
		torch::nn::Sigmoid());
	return head;
}
