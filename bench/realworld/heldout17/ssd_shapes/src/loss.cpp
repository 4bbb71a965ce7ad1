#include "loss.h"
#include "utils.h"

// Pairwise IoU of two sets of xyxy boxes: [N, M].
torch::Tensor iou(const torch::Tensor& boxesA, const torch::Tensor& boxesB) {
    torch::Tensor boxesA_exp = boxesA.unsqueeze(1);
    torch::Tensor boxesB_exp = boxesB.unsqueeze(0);

    torch::Tensor xA = torch::max(boxesA_exp.select(2, 0), boxesB_exp.select(2, 0));
    torch::Tensor yA = torch::max(boxesA_exp.select(2, 1), boxesB_exp.select(2, 1));
    torch::Tensor xB = torch::min(boxesA_exp.select(2, 2), boxesB_exp.select(2, 2));
    torch::Tensor yB = torch::min(boxesA_exp.select(2, 3), boxesB_exp.select(2, 3));

    torch::Tensor interWidth = torch::clamp(xB - xA, 0);
    torch::Tensor interHeight = torch::clamp(yB - yA, 0);
    torch::Tensor interArea = interWidth * interHeight;

    torch::Tensor boxesAArea = (boxesA.select(1, 2) - boxesA.select(1, 0)) * (boxesA.select(1, 3) - boxesA.select(1, 1));
    torch::Tensor boxesBArea = (boxesB.select(1, 2) - boxesB.select(1, 0)) * (boxesB.select(1, 3) - boxesB.select(1, 1));

    torch::Tensor unionArea = boxesAArea.unsqueeze(1) + boxesBArea.unsqueeze(0) - interArea;
    unionArea = torch::max(unionArea, torch::ones_like(unionArea) * 1e-6);

    return interArea / unionArea;
}

torch::Tensor decode_boxes(const torch::Tensor& loc, const torch::Tensor& anchors) {
    auto anchor_cxcy = anchors.slice(-1, 0, 2);
    auto anchor_wh = anchors.slice(-1, 2, 4);
    auto cxcy = anchor_cxcy + loc.slice(-1, 0, 2) * 0.1 * anchor_wh;
    auto wh = loc.slice(-1, 2, 4).mul(0.2).clamp(-4.0, 4.0).exp_() * anchor_wh;
    return torch::cat({ cxcy, wh }, -1);
}

torch::Tensor ssd_loss(
    const torch::Tensor& pred_boxes,
    const torch::Tensor& pred_labels,
    const std::vector<torch::Tensor>& targets,
    const torch::Tensor& anchors) {

    torch::Device device = pred_boxes.device();
    const int num_batches = pred_boxes.size(0);
    const int64_t num_classes = pred_labels.size(-1);

    const float overlap_threshold = 0.5F;
    const float neg_pos_ratio = 3.0F;

    torch::Tensor anchors_xyxy = xywh_to_xyxy(anchors);
    std::vector<torch::Tensor> labels_per_image, boxes_per_image;

    // Match every default box to a ground-truth box (or to the background).
    for (int i = 0; i < num_batches; ++i) {
        torch::Tensor target = targets[i].to(device);
        torch::Tensor true_boxes = target.slice(-1, 0, 4);
        torch::Tensor true_labels = target.select(-1, 4).to(torch::kLong);

        torch::Tensor ious = iou(anchors_xyxy, xywh_to_xyxy(true_boxes));  // [A, G]
        auto [max_iou, max_iou_idx] = ious.max(1);
        auto best_anchor = ious.argmax(0);  // each object keeps at least its best default box
        max_iou.index_fill_(0, best_anchor, 1.0);
        max_iou_idx.index_put_({ best_anchor }, torch::arange(true_boxes.size(0), max_iou_idx.options()));

        torch::Tensor labels = true_labels.index({ max_iou_idx });
        labels.masked_fill_(max_iou < overlap_threshold, 0);
        labels_per_image.push_back(labels);
        boxes_per_image.push_back(true_boxes.index({ max_iou_idx }));
    }
    torch::Tensor labels = torch::stack(labels_per_image, 0);       // [B, A]
    torch::Tensor matched = torch::stack(boxes_per_image, 0);       // [B, A, 4]
    torch::Tensor positive_mask = labels > 0;
    torch::Tensor num_pos = positive_mask.sum().clamp_min(1).to(torch::kFloat);

    // Localisation: offsets of the positives, plus an IoU term on the decoded boxes.
    torch::Tensor anchors_b = anchors.unsqueeze(0).expand_as(pred_boxes);
    torch::Tensor target_offsets = torch::cat({
        (matched.slice(-1, 0, 2) - anchors_b.slice(-1, 0, 2)) / (0.1 * anchors_b.slice(-1, 2, 4)),
        torch::log(matched.slice(-1, 2, 4) / anchors_b.slice(-1, 2, 4)) / 0.2 }, -1);
    torch::Tensor loc_loss = torch::nn::functional::smooth_l1_loss(
        pred_boxes.index({ positive_mask }),
        target_offsets.index({ positive_mask }),
        torch::nn::functional::SmoothL1LossFuncOptions().reduction(torch::kSum));

    torch::Tensor decoded = decode_boxes(pred_boxes.index({ positive_mask }), anchors_b.index({ positive_mask }));
    torch::Tensor pair_iou = iou(xywh_to_xyxy(decoded), xywh_to_xyxy(matched.index({ positive_mask }))).diagonal();
    torch::Tensor iou_loss = (1.0 - pair_iou).sum();

    // Confidence: all positives and the hardest negatives (3 per positive).
    torch::Tensor conf_loss_all = torch::nn::functional::cross_entropy(
        pred_labels.reshape({ -1, num_classes }),
        labels.reshape({ -1 }),
        torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kNone)).view({ num_batches, -1 });

    torch::Tensor neg_conf_loss = conf_loss_all.masked_fill(positive_mask, -1e9);
    auto sorted_idx = std::get<1>(neg_conf_loss.sort(1, true));
    torch::Tensor rank = sorted_idx.argsort(1, false);
    torch::Tensor num_neg = (positive_mask.sum(1, true) * neg_pos_ratio).clamp_min(neg_pos_ratio);
    torch::Tensor hard_negative_mask = rank < num_neg;

    torch::Tensor conf_loss = conf_loss_all.index({ positive_mask | hard_negative_mask }).sum();

    return (loc_loss + iou_loss + conf_loss) / num_pos;
}
