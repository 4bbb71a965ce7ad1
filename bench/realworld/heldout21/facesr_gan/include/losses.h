#pragma once
#include <map>
#include <memory>
#include <string>
#include <torch/torch.h>
#include "config.h"

namespace facesr {
namespace models {

class PixelLoss : public torch::nn::Module {
public:
    explicit PixelLoss(PixelLossType loss_type = PixelLossType::L1);
    torch::Tensor forward(torch::Tensor pred, torch::Tensor target);
private:
    PixelLossType loss_type_;
};

class VGGFeatureExtractor : public torch::nn::Module {
public:
    VGGFeatureExtractor(int feature_layer, bool use_input_norm = true);
    torch::Tensor forward(torch::Tensor x);
private:
    void buildVGG(int feature_layer);
    void initImageNetNorm();
    bool use_input_norm_;
    int feature_layer_;
    torch::nn::Sequential features_{nullptr};
    torch::Tensor mean_, std_;
};

class PerceptualLoss : public torch::nn::Module {
public:
    PerceptualLoss(int feature_layer, PixelLossType loss_type);
    torch::Tensor forward(torch::Tensor pred, torch::Tensor target);
private:
    PixelLossType loss_type_;
    std::shared_ptr<VGGFeatureExtractor> vgg_;
};

class GANLoss : public torch::nn::Module {
public:
    GANLoss(GANType gan_type, double real_label_val = constants::REAL_LABEL_VALUE,
            double fake_label_val = constants::FAKE_LABEL_VALUE);
    torch::Tensor forward(torch::Tensor input, bool target_is_real, bool is_disc = false);
private:
    torch::Tensor getTargetLabel(torch::Tensor input, bool target_is_real);
    GANType gan_type_;
    double real_label_val_;
    double fake_label_val_;
};

// edge (image-gradient) loss: the original reserves gradient_weight but does not compute it
class GradientLoss : public torch::nn::Module {
public:
    GradientLoss() = default;
    torch::Tensor forward(torch::Tensor pred, torch::Tensor target);
};

class CombinedLoss : public torch::nn::Module {
public:
    CombinedLoss(double pixel_weight, double perceptual_weight, double gan_weight,
                 double gradient_weight, PixelLossType pixel_loss_type, GANType gan_type);

    std::map<std::string, torch::Tensor> forward(torch::Tensor pred, torch::Tensor target,
                                                 torch::Tensor disc_pred_fake,
                                                 bool use_perceptual, bool use_gan);
private:
    double pixel_weight_;
    double perceptual_weight_;
    double gan_weight_;
    double gradient_weight_;
    std::shared_ptr<PixelLoss> pixel_loss_;
    std::shared_ptr<PerceptualLoss> perceptual_loss_;
    std::shared_ptr<GANLoss> gan_loss_;
    std::shared_ptr<GradientLoss> gradient_loss_;
};

}  // namespace models
}  // namespace facesr
