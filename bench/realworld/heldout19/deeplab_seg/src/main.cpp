#include <iostream>
#include <string>
#include <vector>

#include "shapes_dataset.h"
#include "training.h"

torch::DeviceType device_type;
const int64_t kTrainBatchSize = 8;
const int64_t class_num = 3; //0 is background;
const int max_iter = 8;

using namespace std;

int main(int argc, char* argv[])
{
	torch::manual_seed(0);

	if (torch::cuda::is_available()) {
		std::cout << "CUDA available! Training on GPU." << std::endl;
		device_type = torch::kCUDA;
	}
	else {
		std::cout << "Training on CPU." << std::endl;
		device_type = torch::kCPU;
	}

	torch::Device device(device_type);

	SegmentationModel segnet;
	segnet->deeplabv3_resnet_tiny(false, class_num);
	segnet->to(device);

	auto val_dataset = ShapesSegDataset(96, 11)
		.map(torch::data::transforms::Stack<>());

	auto val_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(std::move(val_dataset),
		torch::data::DataLoaderOptions().batch_size(kTrainBatchSize).workers(0));

	auto train_dataset = ShapesSegDataset(240, 5)
		.map(torch::data::transforms::Stack<>());

	auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(std::move(train_dataset),
		torch::data::DataLoaderOptions().batch_size(kTrainBatchSize).workers(0));

	std::vector<torch::Tensor> trainable_params;

	auto params = segnet->_classifier->named_parameters(true /*recurse*/);
	for (auto& param : params)
	{
		if (param.value().requires_grad())
		{
			trainable_params.push_back(param.value());
		}
	}

	params = segnet->_backbone->named_parameters(true /*recurse*/);
	for (auto& param : params)
	{
		if (param.value().requires_grad())
		{
			trainable_params.push_back(param.value());
		}
	}

	torch::optim::SGD optimizer(trainable_params, torch::optim::SGDOptions(0.02 /*learning rate*/).momentum(0.9).weight_decay(1e-4));

	std::cout << "untrained ";
	auto before = evaluate(segnet, device, val_loader, class_num);

	float last_loss = 0.0f;
	for (int i = 0; i < max_iter; i++)
	{
		last_loss = train_one_epoch(segnet, device, train_loader, optimizer, max_iter);
		std::cout << "epoch " << i << " mean loss " << last_loss << "\n";
	}

	std::cout << "trained ";
	auto after = evaluate(segnet, device, val_loader, class_num);

	torch::Tensor acc_b, cls_b, iou_b, acc_a, cls_a, iou_a;
	std::tie(acc_b, cls_b, iou_b) = before.compute();
	std::tie(acc_a, cls_a, iou_a) = after.compute();
	std::cout << "final loss: " << last_loss << "\n";
	std::cout << "test mean IoU (96 held-out scenes): untrained " << iou_b.mean().item<float>()
		<< " -> trained " << iou_a.mean().item<float>()
		<< " (pixel accuracy " << acc_b.item<float>() << " -> " << acc_a.item<float>() << ")\n";
	(void)argc; (void)argv;
	return 0;
}
