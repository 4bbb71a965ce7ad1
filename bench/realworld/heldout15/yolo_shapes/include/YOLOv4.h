#pragma once
#include <torch/torch.h>
#include <vector>
#include "CSPDarknet.h"

class YOLOv4Impl : public torch::nn::Module {
public:
	static constexpr int64_t kNumAnchors = 3;

	YOLOv4Impl(CSPDarknet backbone, int num_classes);
	std::vector<torch::Tensor> forward(torch::Tensor x);
private:
	int num_classes;
	CSPDarknet backbone{ nullptr };
	torch::nn::Sequential neck{ nullptr };
	torch::nn::Conv2d pred{ nullptr };
};
TORCH_MODULE(YOLOv4);
