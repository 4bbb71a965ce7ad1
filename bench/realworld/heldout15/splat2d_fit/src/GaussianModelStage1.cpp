#include "GaussianModelStage1.h"

#include <cmath>

torch::nn::Sequential make_color_decoder(const AppearanceConfig& cfg) {
    torch::nn::Sequential seq;
    seq->push_back(torch::nn::Linear(cfg.feature_dim, cfg.hidden));
    seq->push_back(torch::nn::ReLU());
    seq->push_back(torch::nn::Linear(cfg.hidden, cfg.out_channels));
    return seq;
}

void GaussianModelStage1::init_from_points(const torch::Tensor& points, const torch::Device& dev,
                                           const ScaleInitConfig& scale_cfg,
                                           const AppearanceConfig& app_cfg) {
    const auto P = points.size(0);
    auto opts = torch::TensorOptions().dtype(torch::kFloat32);

    // inverse sigmoid of the initial positions
    auto p = points.clamp(0.02, 0.98);
    xyz = register_parameter("xyz", torch::log(p / (1 - p)));

    // scale from the mean squared distance to the 3 nearest points (brute force)
    torch::Tensor init_scale;
    if (P <= scale_cfg.max_points_for_bruteforce) {
        auto d2 = torch::cdist(points, points).pow(2) + torch::eye(P, opts) * 1e6;
        auto knn = std::get<0>(d2.topk(3, 1, false));
        init_scale = torch::sqrt(knn.mean(1).clamp_min(scale_cfg.min_dist2)) * scale_cfg.scale_multiplier;
    } else {
        init_scale = torch::full({P}, scale_cfg.constant_scale, opts);
    }
    scaling = register_parameter("scaling", torch::log(init_scale).unsqueeze(1).repeat({1, 2}));
    opacity = register_parameter("opacity", torch::full({P}, 0.5, opts));
    features_dc = register_parameter("features_dc", 0.1 * torch::randn({P, app_cfg.feature_dim}, opts));
    depth = register_parameter("depth", torch::rand({P, 1}, opts));

    color_decoder = register_module("color_decoder", make_color_decoder(app_cfg));
    this->to(dev);

    optimizer = std::make_shared<torch::optim::Adam>(this->parameters(), torch::optim::AdamOptions(2e-2));
}

torch::Tensor GaussianModelStage1::get_colors() {
    return torch::sigmoid(color_decoder->forward(features_dc));
}
