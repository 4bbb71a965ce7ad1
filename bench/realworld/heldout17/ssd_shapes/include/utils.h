#pragma once
#include <torch/torch.h>

#include <vector>

// [N, 4] cx, cy, w, h -> x1, y1, x2, y2 (normalised image coordinates)
inline torch::Tensor xywh_to_xyxy(const torch::Tensor& boxes) {
    auto cxcy = boxes.slice(-1, 0, 2);
    auto half = boxes.slice(-1, 2, 4) / 2;
    return torch::cat({ cxcy - half, cxcy + half }, -1);
}

// Default boxes in the order of Net::forward's reshape: per feature map (s, m, l),
// per cell (row-major), per scale.
inline torch::Tensor make_anchors(const std::vector<int64_t>& feature_sizes,
                                  const std::vector<std::vector<float>>& scales) {
    std::vector<torch::Tensor> all;
    for (size_t f = 0; f < feature_sizes.size(); ++f) {
        const int64_t n = feature_sizes[f];
        for (int64_t y = 0; y < n; ++y) {
            for (int64_t x = 0; x < n; ++x) {
                for (float s : scales[f]) {
                    all.push_back(torch::tensor({ (x + 0.5f) / n, (y + 0.5f) / n, s, s }));
                }
            }
        }
    }
    return torch::stack(all, 0);
}
