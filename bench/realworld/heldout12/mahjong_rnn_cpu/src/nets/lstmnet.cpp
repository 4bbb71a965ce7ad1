/*
 * lstmnet.cpp
 */

#include "nets/lstmnet.h"
#include "nets/NetDef.h"

#include <iostream>

using torch::Tensor;

LstmNet::LstmNet(int inSeqLen):
	lstm0(torch::nn::LSTMOptions(InputW * InputH, Lstm0Hidden).num_layers(Lstm0Layer).batch_first(true)),
	fc(Lstm0Hidden, FcOutput),
	seqLen(inSeqLen)
{
	register_module("lstm0", lstm0);
	register_module("fc", fc);
}

Tensor LstmNet::inputPreprocess(Tensor input) {
	return input.div(4);
}

Tensor LstmNet::forward(std::vector<Tensor> inputs, const int seqLen, bool isTrain, bool toRecord) {
	// each input: one game, [seqLen, InputH, InputW]
	Tensor scenes = torch::stack(inputs, 0);
	Tensor lstmInput = inputPreprocess(scenes.view({scenes.size(0), seqLen, InputH * InputW}));

	auto lstmOutput = lstm0->forward(lstmInput);
	Tensor fcOutput = fc->forward(std::get<0>(lstmOutput));
	fcOutput = maskIllegal(fcOutput, legalDiscards(scenes));

	if (toRecord) {
		std::cout << "LstmNet logits " << fcOutput.sizes() << std::endl;
	}

	Tensor output = torch::log_softmax(fcOutput, 2);
	return output.view({output.size(0) * output.size(1), output.size(2)});
}

const std::string LstmNet::GetName() {
	return "LstmNet";
}
