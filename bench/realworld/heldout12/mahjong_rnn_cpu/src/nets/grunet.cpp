/*
 * grunet.cpp
 */

#include "nets/grunet.h"
#include "nets/NetDef.h"

#include <iostream>

using torch::Tensor;

GRUNet::GRUNet(int inSeqLen, int hidden):
	gru0(torch::nn::GRUOptions(InputW * InputH, hidden).batch_first(true)),
	fc(hidden, FcOutput),
	seqLen(inSeqLen)
{
	register_module("gru0", gru0);
	register_module("fc", fc);
}

Tensor GRUNet::inputPreprocess(Tensor input) {
	return input.div(4);
}

Tensor GRUNet::forward(std::vector<Tensor> inputs, const int seqLen, bool isTrain, bool toRecord) {
	Tensor scenes = torch::stack(inputs, 0);
	Tensor gruInput = inputPreprocess(scenes.view({scenes.size(0), seqLen, InputH * InputW}));

	auto gruOutput = gru0->forward(gruInput);
	Tensor fcOutput = fc->forward(std::get<0>(gruOutput));
	fcOutput = maskIllegal(fcOutput, legalDiscards(scenes));

	if (toRecord) {
		std::cout << "GRUNet logits " << fcOutput.sizes() << std::endl;
	}

	Tensor output = torch::log_softmax(fcOutput, 2);
	return output.view({output.size(0) * output.size(1), output.size(2)});
}

const std::string GRUNet::GetName() {
	return "GRUNet";
}
