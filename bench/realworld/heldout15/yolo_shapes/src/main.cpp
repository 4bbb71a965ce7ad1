#include <torch/torch.h>
#include <iostream>
#include <vector>
#include "YOLOv4_Loss.h"
#include "YOLOv4.h"
#include "ShapesDataset.h"

namespace {

// IoU of the most confident box with the ground truth, and whether its class is right.
std::pair<float, float> evaluate(YOLOv4& model, const YOLOv4_Coder& coder, ShapesDataset& test_set,
                                 torch::Device device)
{
	torch::NoGradGuard no_grad;
	model->eval();
	float iou_sum = 0.0f;
	float correct = 0.0f;
	const auto n = *test_set.size();
	for (size_t i = 0; i < n; ++i)
	{
		auto example = test_set.get(i);
		auto p = model->forward(example.data.unsqueeze(0).to(device))[0];
		auto parts = coder.split_preds(p);
		auto boxes = coder.decode(parts[0], parts[1]).view({ -1, 4 });
		auto obj = parts[2].reshape({ -1 });
		auto cls = parts[3].reshape({ obj.size(0), -1 });
		auto best = obj.argmax().item<int64_t>();
		auto pb = util::cxcy_to_xy(boxes[best].view({ 1, 4 })).cpu();
		auto gb = util::cxcy_to_xy(example.target.slice(1, 0, 4)).cpu();
		auto lt = torch::max(pb.slice(1, 0, 2), gb.slice(1, 0, 2));
		auto rb = torch::min(pb.slice(1, 2, 4), gb.slice(1, 2, 4));
		auto inter = (rb - lt).clamp_min(0).prod(1);
		auto uni = (pb.slice(1, 2, 4) - pb.slice(1, 0, 2)).prod(1) + (gb.slice(1, 2, 4) - gb.slice(1, 0, 2)).prod(1) - inter;
		iou_sum += (inter / uni).item<float>();
		correct += (cls[best].argmax().item<int64_t>() == example.target[0][4].item<int64_t>()) ? 1.0f : 0.0f;
	}
	return { iou_sum / n, correct / n };
}

}

int main()
{
	torch::manual_seed(5);
	double lr = 1e-2;
	double momentum = 0.9;
	int num_classes = 20;
	int batch_size = 16;

	torch::Device device(torch::kCPU);
	if (torch::cuda::is_available())
	{
		device = torch::Device(torch::kCUDA);
	}

	ShapesDataset train_set(640, 64, num_classes);
	ShapesDataset test_set(64, 64, num_classes);
	auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(std::move(train_set), batch_size);

	YOLOv4 model = YOLOv4(CSPDarknet(), num_classes);
	model->to(device);

	YOLOv4_Coder yolo4_coder = YOLOv4_Coder(device, num_classes);
	YOLOv4_Loss criterion = YOLOv4_Loss(yolo4_coder);
	criterion->to(device);

	torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(lr).momentum(momentum));

	auto untrained = evaluate(model, yolo4_coder, test_set, device);
	std::cout << "untrained mean IoU: " << untrained.first << " class accuracy: " << untrained.second << std::endl;

	float last_loss = 0.0f;
	for (int epoch = 0; epoch < 5; ++epoch)
	{
		model->train();
		for (auto& batch : *train_loader)
		{
			std::vector<torch::Tensor> images_vec = {};
			std::vector<torch::Tensor> boxes_vec = {};
			std::vector<torch::Tensor> labels_vec = {};
			for (size_t i = 0; i < batch.size(); ++i)
			{
				images_vec.push_back(batch[i].data.to(device));
				boxes_vec.push_back(batch[i].target.index({ torch::indexing::Ellipsis, torch::indexing::Slice(0, 4) }).to(device));
				labels_vec.push_back(batch[i].target.index({ torch::indexing::Ellipsis, 4 }).to(torch::kLong).to(device));
			}
			torch::Tensor data = torch::stack(images_vec);

			std::vector<torch::Tensor> outputs = model->forward(data);
			std::vector<torch::Tensor> loss = criterion->forward(outputs, boxes_vec, labels_vec);

			optimizer.zero_grad();
			loss[0].backward();
			optimizer.step();
			last_loss = loss[0].item<float>();
		}
		std::cout << "epoch " << epoch << " loss: " << last_loss << std::endl;
	}

	auto result = evaluate(model, yolo4_coder, test_set, device);
	std::cout << "final loss: " << last_loss << std::endl;
	std::cout << "test mean IoU: " << result.first << " class accuracy: " << result.second << std::endl;
	return 0;
}
