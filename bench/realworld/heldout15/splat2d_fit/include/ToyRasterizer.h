#pragma once

#include <torch/torch.h>

struct RenderOutput {
    torch::Tensor image;            // [3, H, W]
    torch::Tensor depth_expected;   // [1, H, W]
    torch::Tensor alpha;            // [1, H, W]
};

// Splats P isotropic-per-axis 2D Gaussians onto the pixel grid [H*W, 2].
RenderOutput rasterize(const torch::Tensor& means, const torch::Tensor& scales,
                       const torch::Tensor& opacity, const torch::Tensor& colors,
                       const torch::Tensor& depth, const torch::Tensor& pixels,
                       int H, int W, const torch::Tensor& background);
