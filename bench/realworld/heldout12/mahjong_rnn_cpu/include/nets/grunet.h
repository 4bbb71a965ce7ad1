/*
 * grunet.h
 */

#ifndef INCLUDE_GRUNET_H_
#define INCLUDE_GRUNET_H_

#include <torch/torch.h>

#include <string>
#include <vector>

struct GRUNet: torch::nn::Module {
	torch::nn::GRU gru0;
	torch::nn::Linear fc;
	const int seqLen;

	GRUNet(int inSeqLen, int hidden = 128);
	~GRUNet() = default;

	torch::Tensor inputPreprocess(torch::Tensor);
	torch::Tensor forward(std::vector<torch::Tensor> inputs, const int seqLen, bool isTrain = true, bool toRecord = false);

	static const std::string GetName();
};

#endif /* INCLUDE_GRUNET_H_ */
