#include <cmath>
#include <iostream>
#include <random>

#include <torch/torch.h>

#include "ConfigCamera.h"
#include "ConfigModel.h"
#include "GaussianModelStage1.h"
#include "SSIMLoss.h"
#include "ToyRasterizer.h"

namespace {

struct Scene {
    torch::Tensor means, scales, opacity, colors, depth;
};

Scene make_scene(const torch::TensorOptions& opts) {
    Scene s;
    const int64_t n = 7;
    s.means = 0.15 + 0.7 * torch::rand({n, 2}, opts);
    s.scales = 0.05 + 0.1 * torch::rand({n, 2}, opts);
    s.opacity = 0.6 + 0.4 * torch::rand({n}, opts);
    s.colors = torch::rand({n, 3}, opts);
    s.depth = torch::rand({n, 1}, opts);
    return s;
}

float psnr(const torch::Tensor& a, const torch::Tensor& b) {
    auto mse = (a - b).pow(2).mean().item<float>();
    return 10.0f * std::log10(1.0f / std::max(mse, 1e-10f));
}

}  // namespace

int main() {
    torch::manual_seed(3);
    torch::Device dev(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    auto opts = torch::TensorOptions().dtype(torch::kFloat32).device(dev);
    const int H = 32;
    const int W = 32;

    // ground truth scene and its views
    Scene gt_scene = make_scene(opts);
    auto poses = camcfg::make_orbit(9, 0.08f);
    const ViewPose test_pose = poses.back();
    poses.pop_back();
    torch::Tensor background = torch::zeros({3}, opts);

    auto render_gt = [&](const ViewPose& pose) {
        torch::NoGradGuard no_grad;
        auto pix = camcfg::pixel_grid(H, W, pose, opts);
        return rasterize(gt_scene.means, gt_scene.scales, gt_scene.opacity, gt_scene.colors,
                         gt_scene.depth, pix, H, W, background);
    };

    // init gaussians
    ScaleInitConfig scale_cfg;
    scale_cfg.constant_scale = 0.06f;
    scale_cfg.scale_multiplier = 1.0f;
    AppearanceConfig app_cfg;

    GaussianModelStage1 gm;
    gm.init_from_points(torch::rand({48, 2}), dev, scale_cfg, app_cfg);
    std::cout << "model with " << gm.num_points() << " Gaussians, " << poses.size() << " train views\n";

    float lambda_dssim = 0.2f;
    float lambda_depth = 0.05f;
    int iterations = 250;

    std::mt19937 rng(1234);
    std::uniform_int_distribution<int> cam_dist(0, (int)poses.size() - 1);

    auto render_model = [&](const ViewPose& pose) {
        auto pix = camcfg::pixel_grid(H, W, pose, opts);
        return rasterize(gm.get_means(), gm.get_scaling(), gm.get_opacity(), gm.get_colors(),
                         gm.depth, pix, H, W, background);
    };

    {
        torch::NoGradGuard no_grad;
        auto gt = render_gt(test_pose);
        std::cout << "untrained test PSNR: " << psnr(render_model(test_pose).image, gt.image) << " dB\n";
    }

    float last_loss = 0.0f;
    for (int iter = 1; iter <= iterations; ++iter) {
        gm.optimizer->zero_grad();

        const ViewPose& pose = poses[cam_dist(rng)];
        RenderOutput target = render_gt(pose);
        RenderOutput out = render_model(pose);

        torch::Tensor Ll1 = photoloss::l1_loss(out.image, target.image);
        torch::Tensor ssim_val = photoloss::ssim(out.image.unsqueeze(0), target.image.unsqueeze(0));
        torch::Tensor photometric = (1.0f - lambda_dssim) * Ll1 + lambda_dssim * (1.0f - ssim_val);
        torch::Tensor depth_loss =
            lambda_depth * ((out.depth_expected - target.depth_expected).abs() * target.alpha).mean();

        torch::Tensor total_loss = photometric + depth_loss;
        total_loss.backward();
        gm.optimizer->step();

        last_loss = total_loss.item<float>();
        if (iter % 50 == 0) {
            std::cout << "Iter " << iter << " | Ll1=" << Ll1.item<float>()
                      << " | total=" << last_loss << "\n";
        }
    }

    torch::NoGradGuard no_grad;
    auto gt = render_gt(test_pose);
    std::cout << "final loss: " << last_loss << "\n";
    std::cout << "test PSNR: " << psnr(render_model(test_pose).image, gt.image) << " dB\n";
    return 0;
}
