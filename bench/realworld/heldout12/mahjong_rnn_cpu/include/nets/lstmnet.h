/*
 * lstmnet.h
 */

#ifndef INCLUDE_LSTMNET_H_
#define INCLUDE_LSTMNET_H_

#include <torch/torch.h>

#include <string>
#include <vector>

struct LstmNet: torch::nn::Module {
	torch::nn::LSTM lstm0;
	torch::nn::Linear fc;
	const int seqLen;

	LstmNet(int inSeqLen);
	~LstmNet() = default;

	torch::Tensor inputPreprocess(torch::Tensor);
	torch::Tensor forward(std::vector<torch::Tensor> inputs, const int seqLen, bool isTrain = true, bool toRecord = false);

	static const std::string GetName();
};

#endif /* INCLUDE_LSTMNET_H_ */
