#include "YOLOv4_Loss.h"

namespace {
constexpr double kProbEps = 1e-7;
}

namespace util {
torch::Tensor cxcy_to_xy(const torch::Tensor& cxcy)
{
	auto xy = cxcy.index({ torch::indexing::Ellipsis, torch::indexing::Slice(0, 2) });
	auto wh = cxcy.index({ torch::indexing::Ellipsis, torch::indexing::Slice(2, 4) });
	return torch::cat({ xy - wh / 2, xy + wh / 2 }, -1);
}
}

YOLOv4_Coder::YOLOv4_Coder(torch::Device device, int num_classes) : device(device), num_classes(num_classes)
{
	anchors = torch::tensor({ 0.2f, 0.2f, 0.35f, 0.3f, 0.3f, 0.45f }).view({ 3, 2 }).to(device);
}

std::vector<torch::Tensor> YOLOv4_Coder::split_preds(const torch::Tensor& pred) const
{
	using torch::indexing::Ellipsis;
	using torch::indexing::Slice;
	auto txty = torch::sigmoid(pred.index({ Ellipsis, Slice(0, 2) }));
	auto twth = pred.index({ Ellipsis, Slice(2, 4) });
	auto objectness = pred.index({ Ellipsis, 4 });
	auto classes = pred.index({ Ellipsis, Slice(5, torch::indexing::None) });
	return { txty, twth, objectness, classes };
}

torch::Tensor YOLOv4_Coder::decode(const torch::Tensor& txty, const torch::Tensor& twth) const
{
	const auto G = txty.size(1);
	auto ys = torch::arange(G, torch::TensorOptions().dtype(torch::kFloat).device(device));
	auto grid = torch::meshgrid({ ys, ys }, "ij");
	auto grid_xy = torch::stack({ grid[1], grid[0] }, -1).view({ 1, G, G, 1, 2 });
	auto cxcy = (txty + grid_xy) / static_cast<double>(G);
	auto wh = torch::exp(twth.clamp_max(4.0)) * anchors.view({ 1, 1, 1, -1, 2 });
	return torch::cat({ cxcy, wh }, -1);
}

std::vector<torch::Tensor> YOLOv4_Coder::build_target(const std::vector<torch::Tensor>& gt_boxes,
                                                      const std::vector<torch::Tensor>& gt_labels, int64_t G) const
{
	const int64_t B = static_cast<int64_t>(gt_boxes.size());
	const int64_t A = anchors.size(0);
	auto box_t = torch::zeros({ B, G, G, A, 4 });
	auto obj_t = torch::zeros({ B, G, G, A });
	auto cls_t = torch::zeros({ B, G, G, A, num_classes });
	auto anchors_cpu = anchors.cpu();
	for (int64_t b = 0; b < B; ++b)
	{
		auto boxes = gt_boxes[b].cpu();
		auto labels = gt_labels[b].cpu();
		for (int64_t n = 0; n < boxes.size(0); ++n)
		{
			const float cx = boxes[n][0].item<float>();
			const float cy = boxes[n][1].item<float>();
			auto wh = boxes[n].slice(0, 2, 4);
			const int64_t i = std::min<int64_t>(static_cast<int64_t>(cx * G), G - 1);
			const int64_t j = std::min<int64_t>(static_cast<int64_t>(cy * G), G - 1);
			auto inter = torch::min(anchors_cpu, wh).prod(1);
			auto iou = inter / (anchors_cpu.prod(1) + wh.prod() - inter);
			const int64_t a = iou.argmax().item<int64_t>();
			box_t[b][j][i][a] = boxes[n];
			obj_t[b][j][i][a] = 1.0;
			cls_t[b][j][i][a][labels[n].item<int64_t>()] = 1.0;
		}
	}
	return { box_t.to(device), obj_t.to(device), cls_t.to(device) };
}

YOLOv4_LossImpl::YOLOv4_LossImpl(const YOLOv4_Coder& coder) : coder(coder)
{
	bce = register_module("bce", torch::nn::BCELoss(torch::nn::BCELossOptions().reduction(torch::kNone)));
}

std::vector<torch::Tensor> YOLOv4_LossImpl::forward(std::vector<torch::Tensor> pred, std::vector<torch::Tensor> gt_boxes,
                                                    std::vector<torch::Tensor> gt_labels)
{
	const double batch_size = static_cast<double>(gt_boxes.size());
	torch::Tensor pred_targets = pred[0];
	const int64_t G = pred_targets.size(1);

	std::vector<torch::Tensor> vpred = this->coder.split_preds(pred_targets);
	torch::Tensor pred_txty = vpred[0];
	torch::Tensor pred_twth = vpred[1];
	torch::Tensor pred_objectness = vpred[2];
	torch::Tensor pred_classes = vpred[3];

	torch::Tensor pred_bbox = this->coder.decode(pred_txty, pred_twth);
	torch::Tensor pred_x1y1x2y2 = util::cxcy_to_xy(pred_bbox);

	std::vector<torch::Tensor> targets = this->coder.build_target(gt_boxes, gt_labels, G);
	torch::Tensor gt_bbox = targets[0];
	torch::Tensor gt_objectness = targets[1];
	torch::Tensor gt_classes = targets[2];
	torch::Tensor gt_x1y1x2y2 = util::cxcy_to_xy(gt_bbox);

	torch::Tensor box_loss = this->giou_loss(gt_x1y1x2y2, pred_x1y1x2y2) * gt_objectness;

	torch::Tensor obj_prob = torch::sigmoid(pred_objectness).clamp(kProbEps, 1.0 - kProbEps);
	torch::Tensor obj_bce = this->bce->forward(obj_prob, gt_objectness);
	torch::Tensor obj_loss = gt_objectness * obj_bce;
	torch::Tensor no_obj_loss = (1 - gt_objectness) * obj_bce;
	torch::Tensor classes_loss = gt_objectness.unsqueeze(-1) *
		torch::binary_cross_entropy_with_logits(pred_classes, gt_classes, {}, {}, at::Reduction::None);

	torch::Tensor xy_loss = 2.5 * box_loss.sum() / batch_size;
	torch::Tensor o_loss = obj_loss.sum() / batch_size;
	torch::Tensor n_loss = 0.5 * no_obj_loss.sum() / batch_size;
	torch::Tensor cls_loss = classes_loss.sum() / batch_size;
	torch::Tensor total_loss = xy_loss + o_loss + n_loss + cls_loss;
	return std::vector<torch::Tensor>({ total_loss, xy_loss, o_loss, n_loss, cls_loss });
}

torch::Tensor YOLOv4_LossImpl::giou_loss(torch::Tensor boxes1, torch::Tensor boxes2)
{
	using torch::indexing::Ellipsis;
	using torch::indexing::Slice;
	using torch::indexing::None;
	torch::Tensor boxes1_area = (boxes1.index({ Ellipsis, 2 }) - boxes1.index({ Ellipsis, 0 })) *
		(boxes1.index({ Ellipsis, 3 }) - boxes1.index({ Ellipsis, 1 }));
	torch::Tensor boxes2_area = (boxes2.index({ Ellipsis, 2 }) - boxes2.index({ Ellipsis, 0 })) *
		(boxes2.index({ Ellipsis, 3 }) - boxes2.index({ Ellipsis, 1 }));

	torch::Tensor inter_left_up = torch::max(boxes1.index({ Ellipsis, Slice(None, 2) }), boxes2.index({ Ellipsis, Slice(None, 2) }));
	torch::Tensor inter_right_down = torch::min(boxes1.index({ Ellipsis, Slice(2, None) }), boxes2.index({ Ellipsis, Slice(2, None) }));
	torch::Tensor inter_section = torch::clamp_min(inter_right_down - inter_left_up, 0.0);
	torch::Tensor inter_area = inter_section.index({ Ellipsis, 0 }) * inter_section.index({ Ellipsis, 1 });
	torch::Tensor union_area = boxes1_area + boxes2_area - inter_area;
	torch::Tensor ious = inter_area / (union_area + 1e-9);

	torch::Tensor outer_left_up = torch::min(boxes1.index({ Ellipsis, Slice(None, 2) }), boxes2.index({ Ellipsis, Slice(None, 2) }));
	torch::Tensor outer_right_down = torch::max(boxes1.index({ Ellipsis, Slice(2, None) }), boxes2.index({ Ellipsis, Slice(2, None) }));
	torch::Tensor outer_section = torch::clamp_min(outer_right_down - outer_left_up, 0.0);
	torch::Tensor outer_area = outer_section.index({ Ellipsis, 0 }) * outer_section.index({ Ellipsis, 1 });

	torch::Tensor giou = ious - (outer_area - union_area) / (outer_area + 1e-9);
	return 1 - giou;
}
