/*
 * lstmtest.cpp
 *
 *  Supervised discard prediction for three recurrent nets, trained from a scene reader.
 */

#include <torch/torch.h>

#include <cfloat>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "nets/NetDef.h"
#include "nets/lstmnet.h"
#include "nets/grunet.h"
#include "nets/cnngrunet.h"
#include "tiles/SceneReader.h"

using Tensor = torch::Tensor;

using std::cout;
using std::endl;

struct TrainResult {
	float lastLoss = 0;
	float validLoss = 0;
	float validAccu = 0;
	int steps = 0;
};

static float evaluation(Tensor outputs, Tensor labels) {
	Tensor indices = torch::argmax(outputs, 1);
	const int64_t total = labels.size(0);
	const int64_t matched = indices.eq(labels).sum().item<int64_t>();
	return static_cast<float>(matched) / total;
}

template<typename NetType>
static std::pair<float, float> validLstmOverfit(std::vector<Tensor>& inputs, std::vector<Tensor>& labels,
		const int seqLen, NetType& net)
{
	torch::NoGradGuard noGrad;
	net.eval();

	Tensor labelTensor = torch::cat(labels, 0);
	Tensor output = net.forward(inputs, seqLen, false, false);

	auto loss = torch::nll_loss(output, labelTensor).item<float>();
	auto accu = evaluation(output, labelTensor);

	return std::make_pair(loss, accu);
}

template<typename NetType>
static void trainLstmDbOverfit(SceneReader& reader, SceneReader& validReader, NetType& net,
		torch::optim::Optimizer& optimizer, const int sampleNum, const int seqLen, TrainResult& result) {

	optimizer.zero_grad();
	int64_t totalNum = 0;
	double totalLoss = 0;
	const int epoch = 3;
	const int batchSize = 32;
	const int validStep = 2;
	const int earlyStop = 2;
	int stopStep = 0;
	float lastLoss = FLT_MAX;
	int count = 0;

	std::vector<Tensor> validInputs;
	std::vector<Tensor> validLabels;
	validReader.reset();
	std::tie(validInputs, validLabels) = validReader.next(256, seqLen);
	cout << "Get validation dataset: " << validInputs.size() << endl;

	while (count <= epoch) {
		totalNum = 0;
		totalLoss = 0;
		bool printed = false;
		reader.reset();
		net.train();
		while (totalNum < sampleNum) {
			std::vector<Tensor> inputs;
			std::vector<Tensor> labels;

			std::tie(inputs, labels) = reader.next(batchSize, seqLen);
			totalNum += inputs.size();

			Tensor output;
			if ((count % validStep) == 0 && !printed) {
				output = net.forward(inputs, seqLen, true, true);
				printed = true;
			} else {
				output = net.forward(inputs, seqLen, true, false);
			}

			Tensor labelTensor = at::cat(labels, 0);
			auto loss = torch::nll_loss(output, labelTensor);
			totalLoss += (loss.item<float>() * inputs.size());

			loss.backward();
			optimizer.step();

			result.lastLoss = loss.item<float>();
			result.steps ++;
		}

		auto validLoss = validLstmOverfit(validInputs, validLabels, seqLen, net);
		cout << net.GetName() << " epoch " << count << ": train loss " << (totalLoss / totalNum)
				<< ", validation loss " << std::get<0>(validLoss)
				<< ", accuracy " << std::get<1>(validLoss) << endl;
		result.validLoss = std::get<0>(validLoss);
		result.validAccu = std::get<1>(validLoss);

		if (std::get<0>(validLoss) < lastLoss) {
			stopStep = 0;
			lastLoss = std::get<0>(validLoss);
		} else {
			stopStep ++;
			if (stopStep > earlyStop) {
				cout << "Early stop " << endl;
				break;
			}
		}
		count ++;
	}
}

template<typename NetType>
static TrainResult test5Rows(const float lr, const int sampleNum, const int seqLen) {
	SceneReader reader(7, sampleNum);
	SceneReader validReader(1234567, 256);
	NetType net(seqLen);

	std::vector<Tensor> testInputs;
	std::vector<Tensor> testLabels;
	std::tie(testInputs, testLabels) = validReader.next(256, seqLen);
	auto untrained = validLstmOverfit(testInputs, testLabels, seqLen, net);
	cout << NetType::GetName() << " untrained: loss " << untrained.first << ", accuracy " << untrained.second << endl;

	torch::optim::Adagrad optimizer(net.parameters(), torch::optim::AdagradOptions(lr));
	cout << "param num " << net.parameters().size() << endl;

	TrainResult result;
	trainLstmDbOverfit(reader, validReader, net, optimizer, sampleNum, seqLen, result);
	return result;
}

int main(int argc, char** argv) {
	torch::manual_seed(0);
	torch::set_num_threads(1);

	const int sampleNum = (argc > 1) ? atoi(argv[1]) : 1536;
	const float lr = (argc > 2) ? atof(argv[2]) : 0.02;
	const int seqLen = 10;

	auto lstm = test5Rows<LstmNet>(lr, sampleNum, seqLen);
	auto gru = test5Rows<GRUNet>(lr, sampleNum, seqLen);
	auto cnn = test5Rows<CnnGRUNet>(lr, sampleNum, seqLen);

	cout << std::fixed << std::setprecision(4);
	cout << "LstmNet: " << lstm.steps << " steps, validation accuracy " << lstm.validAccu << endl;
	cout << "GRUNet: " << gru.steps << " steps, validation accuracy " << gru.validAccu << endl;
	cout << "CnnGRUNet: " << cnn.steps << " steps, validation accuracy " << cnn.validAccu << endl;
	cout << "final loss: " << cnn.lastLoss << endl;
	cout << "test accuracy (discard prediction, 2560 steps of 256 games): " << cnn.validAccu << endl;
	return 0;
}
