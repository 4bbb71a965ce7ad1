/*
 * cnngrunet.cpp
 */

#include "nets/cnngrunet.h"
#include "nets/NetDef.h"

#include <iostream>

using torch::Tensor;

CnnGRUNet::CnnGRUNet(int inSeqLen):
	conv0(torch::nn::Conv2dOptions(Conv0InChan, Conv0OutChan, {Conv0KernelH, Conv0KernelW})
			.stride({Conv0StrideH, Conv0StrideW})),
	batchNorm0(Conv0OutChan),
	pool0(torch::nn::MaxPool2dOptions({Conv0PoolH, Conv0PoolW})),
	gru0(torch::nn::GRUOptions(GetLstm0Input(), Lstm0Hidden).batch_first(true)),
	fc(Lstm0Hidden, FcOutput),
	seqLen(inSeqLen)
{
	register_module("conv0", conv0);
	register_module("batchNorm0", batchNorm0);
	register_module("pool0", pool0);
	register_module("gru0", gru0);
	register_module("fc", fc);
}

Tensor CnnGRUNet::forward(std::vector<Tensor> inputs, const int seqLen, bool isTrain, bool toRecord) {
	Tensor scenes = torch::stack(inputs, 0);
	const int64_t batchSize = scenes.size(0);

	// every step of every game is one 1 x InputH x InputW image
	Tensor convInput = scenes.reshape({batchSize * seqLen, InputC, InputH, InputW}).div(4);
	Tensor convOutput = pool0->forward(torch::relu(batchNorm0->forward(conv0->forward(convInput))));
	Tensor gruInput = convOutput.reshape({batchSize, seqLen, -1});

	auto gruOutput = gru0->forward(gruInput);
	Tensor fcOutput = fc->forward(std::get<0>(gruOutput));
	fcOutput = maskIllegal(fcOutput, legalDiscards(scenes));

	if (toRecord) {
		std::cout << "CnnGRUNet logits " << fcOutput.sizes() << std::endl;
	}

	Tensor output = torch::log_softmax(fcOutput, 2);
	return output.view({output.size(0) * output.size(1), output.size(2)});
}

const std::string CnnGRUNet::GetName() {
	return "CnnGRUNet";
}
