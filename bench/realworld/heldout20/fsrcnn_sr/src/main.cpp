#include <iostream>
#include "fsrcnn_trainer.h"
#include "fsrcnn_net.h"
#include "datasets.h"

void train()
{
	// float lr; int nEpochs; int seed; int upscale_factor; int trainBatchSize; int testBatchSize; int d; int s;
	config params = {0.003, 12, 123, 2, 16, 32, 56, 20};
	FSRCNNTrainer trainer(params);

	std::vector<torch::Tensor> source = make_pictures(384, 16, 1);
	std::vector<torch::Tensor> test = make_pictures(96, 16, 2);

	fsrcnnDataset trainData(source, 16, params.upscale_factor), testData(test, 16, params.upscale_factor);

	trainer.run(trainData, testData);

	std::cout << "training over!" << std::endl;
	std::cout << "final loss: " << trainer.last_loss() << std::endl;
	std::cout << "test PSNR (dB): " << trainer.first_psnr() << " -> " << trainer.last_psnr() << std::endl;
}

int main(int argc, char** argv)
{
	torch::manual_seed(123);
	train();
	return 0;
}
