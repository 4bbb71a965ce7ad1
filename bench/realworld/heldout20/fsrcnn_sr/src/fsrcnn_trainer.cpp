#include "fsrcnn_trainer.h"
#include "losses.h"
#include <torch/cuda.h>

#include <cstdio>

FSRCNNTrainer::FSRCNNTrainer(config param)
{
	is_cuda_useful = torch::cuda::is_available();
	superParams = param;
}

FSRCNNTrainer::~FSRCNNTrainer()
{
}

void FSRCNNTrainer::build_modle()
{
	model = std::make_shared<fsrcnnNet>(1, superParams.upscale_factor, superParams.d, superParams.s);
	if (is_cuda_useful) model->to(torch::kCUDA);

	model->apply(init_weights);

	torch::manual_seed(superParams.seed);
}

float FSRCNNTrainer::train(fsrcnnDataset trainData)
{
	auto myset = trainData.map(torch::data::transforms::Stack<>());
	auto optimizer = torch::optim::Adam(model->parameters(), torch::optim::AdamOptions(superParams.lr));

	auto dataloader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(std::move(myset), superParams.trainBatchSize);
	model->train();

	int batch_index = 0;
	float loss_sum(0.0);
	for (auto& batch : *dataloader)
	{
		auto input = batch.data;
		auto target = batch.target;
		if (is_cuda_useful) {
			input = input.cuda();
			target = target.cuda();
		}
		optimizer.zero_grad();
		auto output = model->forward(input);
		auto loss = sr_loss(output, target);
		float lossv = loss.template item<float>();

		loss.backward();
		optimizer.step();
		loss_sum += lossv;

		if (batch_index++ % 8 == 0) {
			printf("batch: %d, loss: %.4f, charbonnier: %.4f\n", batch_index, lossv,
			       charbonnier(output.detach(), target).item<float>());
		}
	}
	float avg = loss_sum / batch_index;
	printf("batch average loss: %.4f\n", avg);
	return avg;
}

float FSRCNNTrainer::test(fsrcnnDataset testData)
{
	auto criterion = torch::nn::MSELoss();
	auto myset = testData.map(torch::data::transforms::Stack<>());

	auto dataloader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(std::move(myset), superParams.testBatchSize);

	model->eval();

	float avg_psnr(0.0);
	int batches = 0;

	torch::NoGradGuard no_grad;

	for (auto& batch : *dataloader)
	{
		auto input = batch.data;
		auto target = batch.target;
		if (is_cuda_useful) {
			input = input.cuda();
			target = target.cuda();
		}
		auto output = model->forward(input);
		auto loss = criterion(output, target);
		float mse = loss.template item<float>();
		avg_psnr += psnr_from_mse(mse);
		++batches;
	}
	avg_psnr /= batches;
	printf("Average PSNR: %.4f dB\n", avg_psnr);
	return avg_psnr;
}

void FSRCNNTrainer::run(fsrcnnDataset trainData, fsrcnnDataset testData)
{
	build_modle();
	first_psnr_ = test(testData);
	for (int epoch = 0; epoch < superParams.nEpochs; epoch++)
	{
		printf("\n==> Epoch %d starts!\n", epoch);
		last_loss_ = train(trainData);
		last_psnr_ = test(testData);
	}
}
