#include "ToyRasterizer.h"

RenderOutput rasterize(const torch::Tensor& means, const torch::Tensor& scales,
                       const torch::Tensor& opacity, const torch::Tensor& colors,
                       const torch::Tensor& depth, const torch::Tensor& pixels,
                       int H, int W, const torch::Tensor& background) {
    // Gaussian footprint of every splat at every pixel: [P, H*W]
    auto d = (pixels.unsqueeze(0) - means.unsqueeze(1)) / scales.unsqueeze(1);
    auto weights = torch::exp(-0.5 * d.pow(2).sum(-1)) * opacity.view({-1, 1});

    // Composite colour, coverage and depth as weighted sums over the splats.
    auto wt = weights.t();                                        // [H*W, P]
    auto rend_rgb = torch::matmul(wt, colors);                    // [H*W, 3]
    auto rend_alpha = torch::matmul(wt, torch::ones_like(depth)); // [H*W, 1]
    auto rend_depth = torch::matmul(wt, depth);                   // [H*W, 1]

    auto depth_expected = rend_depth / (rend_alpha + 1e-8);
    depth_expected = torch::nan_to_num(depth_expected, 0.0, 0.0, 0.0);

    auto coverage = rend_alpha.clamp(0.0, 1.0);
    auto image = rend_rgb + (1.0 - coverage) * background.view({1, 3});

    RenderOutput out;
    out.image = image.t().reshape({3, H, W});
    out.depth_expected = depth_expected.t().reshape({1, H, W});
    out.alpha = coverage.t().reshape({1, H, W});
    return out;
}
