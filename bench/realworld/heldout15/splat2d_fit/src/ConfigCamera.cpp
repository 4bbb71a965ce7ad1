#include "ConfigCamera.h"

#include <cmath>

namespace camcfg {

std::vector<ViewPose> make_orbit(int n, float radius) {
    std::vector<ViewPose> poses;
    for (int i = 0; i < n; ++i) {
        const float a = 6.2831853f * static_cast<float>(i) / static_cast<float>(n);
        poses.push_back({radius * std::cos(a), radius * std::sin(a)});
    }
    return poses;
}

torch::Tensor pixel_grid(int H, int W, const ViewPose& pose, const torch::TensorOptions& opts) {
    auto ys = torch::linspace(0.0, 1.0, H, opts) + pose.dy;
    auto xs = torch::linspace(0.0, 1.0, W, opts) + pose.dx;
    auto grid = torch::meshgrid({ys, xs}, "ij");
    return torch::stack({grid[1].reshape(-1), grid[0].reshape(-1)}, 1);   // [H*W, 2] (x, y)
}

}  // namespace camcfg
