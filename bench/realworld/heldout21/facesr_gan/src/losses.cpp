/**
 * @file losses.cpp
 * @brief pixel, perceptual, GAN and edge losses
 */

#include "losses.h"
#include <torch/nn/functional.h>

namespace F = torch::nn::functional;

namespace facesr {
namespace models {

// ==================== PixelLoss ====================

PixelLoss::PixelLoss(PixelLossType loss_type) : loss_type_(loss_type) {}

torch::Tensor PixelLoss::forward(torch::Tensor pred, torch::Tensor target) {
    switch (loss_type_) {
        case PixelLossType::L1:
            return F::l1_loss(pred, target);
        case PixelLossType::L2:
            return F::mse_loss(pred, target);
        default:
            TORCH_CHECK(false, "Unsupported loss type");
            return {};
    }
}

// ==================== VGGFeatureExtractor ====================

VGGFeatureExtractor::VGGFeatureExtractor(int feature_layer, bool use_input_norm)
    : use_input_norm_(use_input_norm), feature_layer_(feature_layer) {
    buildVGG(feature_layer);
    initImageNetNorm();
    for (auto& param : parameters()) {
        param.set_requires_grad(false);
    }
}

void VGGFeatureExtractor::buildVGG(int feature_layer) {
    features_ = register_module("features", torch::nn::Sequential());
    // a shortened VGG: [32, 32, M, 64, 64, M, 128, 128]; no pretrained weights here
    std::vector<int> channels = {32, 32, 64, 64, 128, 128};
    int in_channels = 3;
    int num_layers = std::min(static_cast<int>(channels.size()), feature_layer / 2);

    for (int i = 0; i < num_layers; ++i) {
        features_->push_back(torch::nn::Conv2d(
            torch::nn::Conv2dOptions(in_channels, channels[i], 3).padding(1)));
        features_->push_back(torch::nn::Functional(torch::relu));
        if ((i + 1) % 2 == 0 && i < static_cast<int>(channels.size()) - 1) {
            features_->push_back(torch::nn::Functional([](torch::Tensor x) {
                return F::max_pool2d(x, F::MaxPool2dFuncOptions(2).stride(2));
            }));
        }
        in_channels = channels[i];
    }
}

void VGGFeatureExtractor::initImageNetNorm() {
    mean_ = register_buffer("mean",
        torch::tensor({constants::IMAGENET_MEAN_R,
                       constants::IMAGENET_MEAN_G,
                       constants::IMAGENET_MEAN_B}, torch::kFloat).view({1, 3, 1, 1}));
    std_ = register_buffer("std",
        torch::tensor({constants::IMAGENET_STD_R,
                       constants::IMAGENET_STD_G,
                       constants::IMAGENET_STD_B}, torch::kFloat).view({1, 3, 1, 1}));
}

torch::Tensor VGGFeatureExtractor::forward(torch::Tensor x) {
    if (use_input_norm_) {
        x = (x - mean_) / std_;
    }
    return features_->forward(x);
}

// ==================== PerceptualLoss ====================

PerceptualLoss::PerceptualLoss(int feature_layer, PixelLossType loss_type)
    : loss_type_(loss_type) {
    vgg_ = std::make_shared<VGGFeatureExtractor>(feature_layer, true);
    register_module("vgg", vgg_);
}

torch::Tensor PerceptualLoss::forward(torch::Tensor pred, torch::Tensor target) {
    auto pred_feat = vgg_->forward(pred);
    auto target_feat = vgg_->forward(target);
    switch (loss_type_) {
        case PixelLossType::L2:
            return F::mse_loss(pred_feat, target_feat);
        case PixelLossType::L1:
        default:
            return F::l1_loss(pred_feat, target_feat);
    }
}

// ==================== GANLoss ====================

GANLoss::GANLoss(GANType gan_type, double real_label_val, double fake_label_val)
    : gan_type_(gan_type), real_label_val_(real_label_val), fake_label_val_(fake_label_val) {}

torch::Tensor GANLoss::getTargetLabel(torch::Tensor input, bool target_is_real) {
    double label_val = target_is_real ? real_label_val_ : fake_label_val_;
    return torch::full_like(input, label_val);
}

torch::Tensor GANLoss::forward(torch::Tensor input, bool target_is_real, bool is_disc) {
    switch (gan_type_) {
        case GANType::Vanilla:
            return F::binary_cross_entropy_with_logits(input, getTargetLabel(input, target_is_real));
        case GANType::LSGAN:
            return F::mse_loss(input, getTargetLabel(input, target_is_real));
        case GANType::WGAN:
        case GANType::WGAN_GP:
            return target_is_real ? -input.mean() : input.mean();
        case GANType::Hinge:
            if (is_disc) {
                return target_is_real ? F::relu(1.0 - input).mean() : F::relu(1.0 + input).mean();
            }
            return -input.mean();
        default:
            TORCH_CHECK(false, "Unsupported GAN type");
            return {};
    }
}

// ==================== GradientLoss ====================

torch::Tensor GradientLoss::forward(torch::Tensor pred, torch::Tensor target) {
    // horizontal and vertical finite differences, each normalised by its largest value per image
    auto pred_dx = (pred.slice(3, 1) - pred.slice(3, 0, -1)).abs();
    auto pred_dy = (pred.slice(2, 1) - pred.slice(2, 0, -1)).abs();
    auto pred_edge = pred_dx / (pred_dx.amax({2, 3}, true) + 1e-6);
    auto target_dx = (target.slice(3, 1) - target.slice(3, 0, -1)).abs();
    auto target_dy = (target.slice(2, 1) - target.slice(2, 0, -1)).abs();
    auto target_edge = target_dx / (target_dx.amax({2, 3}, true) + 1e-6);
    return F::l1_loss(pred_edge, target_edge) + F::l1_loss(pred_dy, target_dy);
}

// ==================== CombinedLoss ====================

CombinedLoss::CombinedLoss(double pixel_weight, double perceptual_weight, double gan_weight,
                           double gradient_weight, PixelLossType pixel_loss_type, GANType gan_type)
    : pixel_weight_(pixel_weight),
      perceptual_weight_(perceptual_weight),
      gan_weight_(gan_weight),
      gradient_weight_(gradient_weight) {
    pixel_loss_ = std::make_shared<PixelLoss>(pixel_loss_type);
    perceptual_loss_ = std::make_shared<PerceptualLoss>(
        constants::DEFAULT_VGG_FEATURE_LAYER, PixelLossType::L1);
    gan_loss_ = std::make_shared<GANLoss>(gan_type);
    gradient_loss_ = std::make_shared<GradientLoss>();

    register_module("pixel_loss", pixel_loss_);
    register_module("perceptual_loss", perceptual_loss_);
    register_module("gan_loss", gan_loss_);
    register_module("gradient_loss", gradient_loss_);
}

std::map<std::string, torch::Tensor> CombinedLoss::forward(
    torch::Tensor pred,
    torch::Tensor target,
    torch::Tensor disc_pred_fake,
    bool use_perceptual,
    bool use_gan) {

    std::map<std::string, torch::Tensor> losses;
    auto device = pred.device();

    losses["pixel"] = pixel_loss_->forward(pred, target) * pixel_weight_;

    if (use_perceptual) {
        losses["perceptual"] = perceptual_loss_->forward(pred, target) * perceptual_weight_;
    } else {
        losses["perceptual"] = torch::zeros({1}, torch::TensorOptions().device(device));
    }

    if (use_gan && disc_pred_fake.defined()) {
        losses["gan"] = gan_loss_->forward(disc_pred_fake, true) * gan_weight_;
    } else {
        losses["gan"] = torch::zeros({1}, torch::TensorOptions().device(device));
    }

    if (gradient_weight_ > 0.0) {
        losses["gradient"] = gradient_loss_->forward(pred, target) * gradient_weight_;
    } else {
        losses["gradient"] = torch::zeros({1}, torch::TensorOptions().device(device));
    }

    losses["total"] = losses["pixel"] + losses["perceptual"] + losses["gan"] + losses["gradient"];
    return losses;
}

}  // namespace models
}  // namespace facesr
