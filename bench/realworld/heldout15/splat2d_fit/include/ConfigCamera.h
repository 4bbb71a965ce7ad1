#pragma once

#include <torch/torch.h>

#include <vector>

// A "camera" of the 2D toy: an in-plane offset of the scene.
struct ViewPose {
    float dx;
    float dy;
};

namespace camcfg {
std::vector<ViewPose> make_orbit(int n, float radius);
torch::Tensor pixel_grid(int H, int W, const ViewPose& pose, const torch::TensorOptions& opts);
}  // namespace camcfg
