#include "Utils.h"

namespace yolo {
namespace utils {

namespace {
// YOLOv5's bbox_iou eps
constexpr double kIouEps = 1e-7;
}

torch::Tensor xywh2xyxy(const torch::Tensor& x) {
    auto y = torch::empty_like(x);
    y.select(-1, 0) = x.select(-1, 0) - x.select(-1, 2) / 2;
    y.select(-1, 1) = x.select(-1, 1) - x.select(-1, 3) / 2;
    y.select(-1, 2) = x.select(-1, 0) + x.select(-1, 2) / 2;
    y.select(-1, 3) = x.select(-1, 1) + x.select(-1, 3) / 2;
    return y;
}

torch::Tensor bbox_iou(const torch::Tensor& box1, const torch::Tensor& box2) {
    // Corners of the predicted and the target boxes
    auto b1_x1 = box1.select(-1, 0) - box1.select(-1, 2) / 2;
    auto b1_x2 = box1.select(-1, 0) + box1.select(-1, 2) / 2;
    auto b1_y1 = box1.select(-1, 1) - box1.select(-1, 3) / 2;
    auto b1_y2 = box1.select(-1, 1) + box1.select(-1, 3) / 2;
    auto b2_x1 = box2.select(-1, 0) - box2.select(-1, 2) / 2;
    auto b2_x2 = box2.select(-1, 0) + box2.select(-1, 2) / 2;
    auto b2_y1 = box2.select(-1, 1) - box2.select(-1, 3) / 2;
    auto b2_y2 = box2.select(-1, 1) + box2.select(-1, 3) / 2;

    // Intersection area
    auto inter = (torch::min(b1_x2, b2_x2) - torch::max(b1_x1, b2_x1)).clamp(0) *
                 (torch::min(b1_y2, b2_y2) - torch::max(b1_y1, b2_y1)).clamp(0);

    // Union area
    auto w1 = b1_x2 - b1_x1;
    auto h1 = (b1_y2 - b1_y1).clamp(kIouEps);
    auto w2 = b2_x2 - b2_x1;
    auto h2 = (b2_y2 - b2_y1).clamp(kIouEps);
    auto union_area = w1 * h1 + w2 * h2 - inter + kIouEps;

    return inter / union_area;
}

} // namespace utils
} // namespace yolo
