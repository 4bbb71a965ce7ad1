#pragma once

#include <torch/torch.h>

#include <memory>

#include "ConfigModel.h"

// Trainable 2D Gaussians with a neural colour decoder on per-splat codes.
class GaussianModelStage1 : public torch::nn::Module {
public:
    GaussianModelStage1() = default;

    void init_from_points(const torch::Tensor& points, const torch::Device& dev,
                          const ScaleInitConfig& scale_cfg, const AppearanceConfig& app_cfg);

    int64_t num_points() const { return xyz.size(0); }
    torch::Tensor get_means() const { return torch::sigmoid(xyz); }
    torch::Tensor get_scaling() const { return torch::exp(scaling); }
    torch::Tensor get_opacity() const { return torch::sigmoid(opacity); }
    torch::Tensor get_colors();

    torch::Tensor xyz, scaling, opacity, features_dc, depth;
    torch::nn::Sequential color_decoder{nullptr};
    std::shared_ptr<torch::optim::Adam> optimizer;
};

torch::nn::Sequential make_color_decoder(const AppearanceConfig& cfg);
