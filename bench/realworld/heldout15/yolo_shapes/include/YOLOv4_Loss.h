#pragma once
#include <torch/torch.h>
#include <vector>

// Encodes ground truth onto the prediction grid and decodes predicted boxes.
class YOLOv4_Coder {
public:
	YOLOv4_Coder(torch::Device device, int num_classes);
	std::vector<torch::Tensor> split_preds(const torch::Tensor& pred) const;
	torch::Tensor decode(const torch::Tensor& txty, const torch::Tensor& twth) const;
	std::vector<torch::Tensor> build_target(const std::vector<torch::Tensor>& gt_boxes,
	                                        const std::vector<torch::Tensor>& gt_labels, int64_t grid) const;
	torch::Tensor anchors;   // [A, 2], fraction of the image
private:
	torch::Device device;
	int num_classes;
};

namespace util {
torch::Tensor cxcy_to_xy(const torch::Tensor& cxcy);
}

class YOLOv4_LossImpl : public torch::nn::Module {
public:
	explicit YOLOv4_LossImpl(const YOLOv4_Coder& coder);
	std::vector<torch::Tensor> forward(std::vector<torch::Tensor> pred, std::vector<torch::Tensor> gt_boxes,
	                                   std::vector<torch::Tensor> gt_labels);
	torch::Tensor giou_loss(torch::Tensor boxes1, torch::Tensor boxes2);
	YOLOv4_Coder coder;
private:
	torch::nn::BCELoss bce{ nullptr };
};
TORCH_MODULE(YOLOv4_Loss);
