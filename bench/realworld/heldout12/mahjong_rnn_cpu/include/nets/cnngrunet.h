/*
 * cnngrunet.h
 */

#ifndef INCLUDE_CNNGRUNET_H_
#define INCLUDE_CNNGRUNET_H_

#include <torch/torch.h>

#include <string>
#include <vector>

struct CnnGRUNet: torch::nn::Module {
	torch::nn::Conv2d conv0;
	torch::nn::BatchNorm2d batchNorm0;
	torch::nn::MaxPool2d pool0;
	torch::nn::GRU gru0;
	torch::nn::Linear fc;
	const int seqLen;

	CnnGRUNet(int inSeqLen);
	~CnnGRUNet() = default;

	torch::Tensor forward(std::vector<torch::Tensor> inputs, const int seqLen, bool isTrain = true, bool toRecord = false);

	static const std::string GetName();
};

#endif /* INCLUDE_CNNGRUNET_H_ */
