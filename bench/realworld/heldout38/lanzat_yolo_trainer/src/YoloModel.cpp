#include "YoloModel.h"
#include "Utils.h"
#include <iostream>

namespace yolo {

namespace F = torch::nn::functional;
using torch::indexing::Slice;

// ConvBnSiLU
ConvBnSiLU::ConvBnSiLU(int in_channels, int out_channels, int kernel_size, int stride, int padding) {
    conv = register_module("conv", torch::nn::Conv2d(
        torch::nn::Conv2dOptions(in_channels, out_channels, kernel_size)
            .stride(stride)
            .padding(padding)
            .bias(false)
    ));
    bn = register_module("bn", torch::nn::BatchNorm2d(out_channels));
    silu = register_module("silu", torch::nn::SiLU());
}

torch::Tensor ConvBnSiLU::forward(torch::Tensor x) {
    return silu->forward(bn->forward(conv->forward(x)));
}

// C3
C3::C3(int in_channels, int out_channels, int num_blocks, bool shortcut) {
    int hidden_channels = out_channels / 2;

    cv1 = register_module("cv1", torch::nn::Sequential(
        ConvBnSiLU(in_channels, hidden_channels, 1, 1, 0)
    ));
    cv2 = register_module("cv2", torch::nn::Sequential(
        ConvBnSiLU(in_channels, hidden_channels, 1, 1, 0)
    ));
    cv3 = register_module("cv3", torch::nn::Sequential(
        ConvBnSiLU(2 * hidden_channels, out_channels, 1, 1, 0)
    ));

    m = register_module("m", torch::nn::Sequential());
    for (int i = 0; i < num_blocks; i++) {
        m->push_back(ConvBnSiLU(hidden_channels, hidden_channels, 3, 1, 1));
        m->push_back(ConvBnSiLU(hidden_channels, hidden_channels, 3, 1, 1));
    }
}

torch::Tensor C3::forward(torch::Tensor x) {
    auto y1 = cv1->forward(x);
    auto y2 = cv2->forward(x);

    y2 = m->forward(y2);

    return cv3->forward(torch::cat({y1, y2}, 1));
}

// SPPF
SPPF::SPPF(int in_channels, int out_channels, int kernel_size) {
    int hidden_channels = in_channels / 2;
    cv1 = register_module("cv1", torch::nn::Sequential(
        ConvBnSiLU(in_channels, hidden_channels, 1, 1, 0)
    ));
    cv2 = register_module("cv2", torch::nn::Sequential(
        ConvBnSiLU(hidden_channels * 4, out_channels, 1, 1, 0)
    ));
    m = register_module("m", torch::nn::MaxPool2d(
        torch::nn::MaxPool2dOptions(kernel_size).stride(1).padding(kernel_size / 2)
    ));
}

torch::Tensor SPPF::forward(torch::Tensor x) {
    x = cv1->forward(x);
    auto y1 = m->forward(x);
    auto y2 = m->forward(y1);
    auto y3 = m->forward(y2);
    return cv2->forward(torch::cat({x, y1, y2, y3}, 1));
}

// DetectionHead
DetectionHead::DetectionHead(int num_classes, const std::vector<int>& channels)
    : num_classes_(num_classes) {
    num_outputs_ = num_classes + 5; // 4 box coords + 1 objectness + num_classes
    m = register_module("m", torch::nn::ModuleList());

    for (size_t i = 0; i < channels.size(); i++) {
        m->push_back(torch::nn::Conv2d(
            torch::nn::Conv2dOptions(channels[i], 3 * num_outputs_, 1)
        ));
    }
}

std::vector<torch::Tensor> DetectionHead::forward(const std::vector<torch::Tensor>& features) {
    std::vector<torch::Tensor> outputs;
    for (size_t i = 0; i < features.size(); i++) {
        auto out = m[i]->as<torch::nn::Conv2d>()->forward(features[i]);
        outputs.push_back(out);
    }
    return outputs;
}

// YoloModel
YoloModel::YoloModel(const YoloConfig& config) : config_(config) {
    build_backbone();
    build_neck();
    build_head();
}

void YoloModel::build_backbone() {
    // Stem
    stem = register_module("stem", torch::nn::Sequential(
        ConvBnSiLU(3, 32, 6, 2, 2),  // P1/2
        ConvBnSiLU(32, 64, 3, 2, 1)  // P2/4
    ));

    // Stage 1
    stage1 = register_module("stage1", torch::nn::Sequential(
        C3(64, 64, 1),
        ConvBnSiLU(64, 128, 3, 2, 1)  // P3/8
    ));

    // Stage 2
    stage2 = register_module("stage2", torch::nn::Sequential(
        C3(128, 128, 2),
        ConvBnSiLU(128, 256, 3, 2, 1)  // P4/16
    ));

    // Stage 3
    stage3 = register_module("stage3", torch::nn::Sequential(
        C3(256, 256, 3),
        ConvBnSiLU(256, 512, 3, 2, 1)  // P5/32
    ));

    // Stage 4
    stage4 = register_module("stage4", torch::nn::Sequential(
        C3(512, 512, 1),
        SPPF(512, 512, 5)
    ));
}

void YoloModel::build_neck() {
    // Simplified PANet neck
    neck = register_module("neck", torch::nn::Sequential(
        ConvBnSiLU(512, 256, 1, 1, 0),
        torch::nn::Upsample(torch::nn::UpsampleOptions().scale_factor(std::vector<double>{2, 2}).mode(torch::kNearest))
    ));
}

void YoloModel::build_head() {
    std::vector<int> channels = {256, 512, 512}; // channels of p3, p4, p5
    head = std::make_shared<DetectionHead>(config_.num_classes, channels);
    register_module("head", head);
}

torch::Tensor YoloModel::forward(torch::Tensor x) {
    auto p1 = stem->forward(x);
    auto p2 = stage1->forward(p1);
    auto p3 = stage2->forward(p2);
    auto p4 = stage3->forward(p3);
    auto p5 = stage4->forward(p4);
    return p5;
}

std::vector<torch::Tensor> YoloModel::forward_detect(torch::Tensor x) {
    // Backbone features
    auto p1 = stem->forward(x);
    auto p2 = stage1->forward(p1);
    auto p3 = stage2->forward(p2);
    auto p4 = stage3->forward(p3);
    auto p5 = stage4->forward(p4);

    // Feature pyramid
    std::vector<torch::Tensor> features = {p3, p4, p5};

    // Detection head
    return head->forward(features);
}

DetectionOutput YoloModel::post_process(const std::vector<torch::Tensor>& predictions) {
    DetectionOutput output;
    const int64_t no = head->num_outputs();

    std::vector<torch::Tensor> all_boxes, all_scores, all_class_ids;
    for (const auto& pred : predictions) {
        auto bs = pred.size(0);
        auto ny = pred.size(2);
        auto nx = pred.size(3);
        auto p = pred.view({bs, 3, no, ny, nx}).permute({0, 1, 3, 4, 2}).reshape({-1, no}).sigmoid();
        auto keep = p.select(1, 4) > config_.conf_threshold;
        auto sel = p.index({keep});
        if (sel.size(0) == 0) continue;
        all_boxes.push_back(sel.index({Slice(), Slice(0, 4)}));
        auto cls = sel.index({Slice(), Slice(5, torch::indexing::None)}).max(1);
        all_scores.push_back(sel.select(1, 4) * std::get<0>(cls));
        all_class_ids.push_back(std::get<1>(cls));
    }

    if (!all_boxes.empty()) {
        output.boxes = torch::cat(all_boxes, 0);
        output.scores = torch::cat(all_scores, 0);
        output.class_ids = torch::cat(all_class_ids, 0);

        auto keep_indices = nms(utils::xywh2xyxy(output.boxes), output.scores, config_.iou_threshold);
        output.boxes = output.boxes.index_select(0, keep_indices);
        output.scores = output.scores.index_select(0, keep_indices);
        output.class_ids = output.class_ids.index_select(0, keep_indices);
    }

    return output;
}

void YoloModel::freeze_backbone() {
    for (auto& param : stem->parameters()) param.set_requires_grad(false);
    for (auto& param : stage1->parameters()) param.set_requires_grad(false);
    for (auto& param : stage2->parameters()) param.set_requires_grad(false);
    for (auto& param : stage3->parameters()) param.set_requires_grad(false);
    for (auto& param : stage4->parameters()) param.set_requires_grad(false);
    std::cout << "Backbone frozen for fine-tuning" << std::endl;
}

void YoloModel::unfreeze_all() {
    for (auto& param : this->parameters()) {
        param.set_requires_grad(true);
    }
    std::cout << "All layers unfrozen" << std::endl;
}

// Non-maximum suppression on (x1, y1, x2, y2) boxes
torch::Tensor nms(torch::Tensor boxes, torch::Tensor scores, float iou_threshold) {
    if (boxes.size(0) == 0) {
        return torch::empty({0}, torch::kLong);
    }

    auto x1 = boxes.select(1, 0);
    auto y1 = boxes.select(1, 1);
    auto x2 = boxes.select(1, 2);
    auto y2 = boxes.select(1, 3);

    auto areas = (x2 - x1) * (y2 - y1);
    auto order = std::get<1>(scores.sort(0, true));

    std::vector<int64_t> keep;
    while (order.numel() > 0) {
        if (order.numel() == 1) {
            keep.push_back(order.item<int64_t>());
            break;
        }
        auto i = order[0].item<int64_t>();
        keep.push_back(i);

        auto rest = order.slice(0, 1);
        auto xx1 = torch::max(x1[i], x1.index_select(0, rest));
        auto yy1 = torch::max(y1[i], y1.index_select(0, rest));
        auto xx2 = torch::min(x2[i], x2.index_select(0, rest));
        auto yy2 = torch::min(y2[i], y2.index_select(0, rest));

        auto w = torch::clamp(xx2 - xx1, 0);
        auto h = torch::clamp(yy2 - yy1, 0);
        auto inter = w * h;
        auto iou = inter / (areas[i] + areas.index_select(0, rest) - inter);

        auto indices = torch::nonzero(iou <= iou_threshold).squeeze(1);
        if (indices.numel() == 0) {
            break;
        }
        order = rest.index_select(0, indices);
    }

    return torch::tensor(keep, torch::kLong);
}

// YOLO loss. targets: [B, 5] rows of (class, cx, cy, w, h), normalised, one object per image.
torch::Tensor compute_yolo_loss(
    const std::vector<torch::Tensor>& predictions,
    const torch::Tensor& targets,
    const YoloConfig& config
) {
    const int64_t no = config.num_classes + 5;
    const std::vector<float> balance = {4.0f, 1.0f, 0.4f};

    auto device = targets.device();
    torch::Tensor lbox = torch::zeros({}, torch::TensorOptions().device(device));
    torch::Tensor lobj = torch::zeros({}, torch::TensorOptions().device(device));
    torch::Tensor lcls = torch::zeros({}, torch::TensorOptions().device(device));

    auto tcls = targets.select(1, 0).to(torch::kLong);
    auto txywh = targets.index({Slice(), Slice(1, 5)});

    for (size_t s = 0; s < predictions.size(); s++) {
        const auto& pred = predictions[s];
        auto bs = pred.size(0);
        auto ny = pred.size(2);
        auto nx = pred.size(3);
        auto p = pred.view({bs, 3, no, ny, nx}).permute({0, 1, 3, 4, 2});

        // Grid cell of each target; every anchor of that cell is responsible
        auto gi = (txywh.select(1, 0) * nx).to(torch::kLong).clamp(0, nx - 1);
        auto gj = (txywh.select(1, 1) * ny).to(torch::kLong).clamp(0, ny - 1);
        auto b = torch::arange(bs, torch::TensorOptions().dtype(torch::kLong).device(device)).repeat_interleave(3);
        auto a = torch::arange(3, torch::TensorOptions().dtype(torch::kLong).device(device)).repeat({bs});
        auto gi_r = gi.repeat_interleave(3);
        auto gj_r = gj.repeat_interleave(3);

        auto ps = p.index({b, a, gj_r, gi_r});  // [bs * 3, no]

        // Box regression
        auto pxy = ps.index({Slice(), Slice(0, 2)}).sigmoid();
        auto pwh = ps.index({Slice(), Slice(2, 4)}).sigmoid();
        auto pcx = (gi_r + pxy.select(1, 0)) / nx;
        auto pcy = (gj_r + pxy.select(1, 1)) / ny;
        auto pbox = torch::stack({pcx, pcy, pwh.select(1, 0), pwh.select(1, 1)}, 1);
        auto tbox = txywh.repeat_interleave(3, 0);
        auto iou = utils::bbox_iou(pbox, tbox);
        lbox = lbox + (1.0 - iou).mean();

        // Objectness
        auto tobj = torch::zeros({bs, 3, ny, nx}, torch::TensorOptions().device(device));
        tobj.index_put_({b, a, gj_r, gi_r}, iou.detach().clamp(0).to(tobj.dtype()));
        lobj = lobj + F::binary_cross_entropy_with_logits(p.select(4, 4), tobj) * balance[s];

        // Classification
        auto tc = F::one_hot(tcls.repeat_interleave(3), config.num_classes).to(torch::kFloat);
        lcls = lcls + F::binary_cross_entropy_with_logits(ps.index({Slice(), Slice(5, no)}), tc);
    }

    return (0.05 * lbox + 1.0 * lobj + 0.5 * lcls) * predictions.at(0).size(0);
}

} // namespace yolo
