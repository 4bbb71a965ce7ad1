#include "discriminator.h"
#include <torch/nn/functional.h>

namespace F = torch::nn::functional;

namespace facesr {

VGGStyleDiscriminatorImpl::VGGStyleDiscriminatorImpl(int in_channels, int num_feat,
                                                     int input_size, bool use_spectral_norm)
    : input_size_(input_size), use_spectral_norm_(use_spectral_norm) {
    conv0_0_ = register_module("conv0_0", torch::nn::Conv2d(
        torch::nn::Conv2dOptions(in_channels, num_feat, 3).stride(1).padding(1).bias(true)));
    conv0_1_ = register_module("conv0_1", torch::nn::Conv2d(
        torch::nn::Conv2dOptions(num_feat, num_feat, 4).stride(2).padding(1).bias(false)));
    bn0_1_ = register_module("bn0_1", torch::nn::BatchNorm2d(num_feat));

    conv1_0_ = register_module("conv1_0", torch::nn::Conv2d(
        torch::nn::Conv2dOptions(num_feat, num_feat * 2, 3).stride(1).padding(1).bias(false)));
    bn1_0_ = register_module("bn1_0", torch::nn::BatchNorm2d(num_feat * 2));
    conv1_1_ = register_module("conv1_1", torch::nn::Conv2d(
        torch::nn::Conv2dOptions(num_feat * 2, num_feat * 2, 4).stride(2).padding(1).bias(false)));
    bn1_1_ = register_module("bn1_1", torch::nn::BatchNorm2d(num_feat * 2));

    conv2_0_ = register_module("conv2_0", torch::nn::Conv2d(
        torch::nn::Conv2dOptions(num_feat * 2, num_feat * 4, 3).stride(1).padding(1).bias(false)));
    bn2_0_ = register_module("bn2_0", torch::nn::BatchNorm2d(num_feat * 4));
    conv2_1_ = register_module("conv2_1", torch::nn::Conv2d(
        torch::nn::Conv2dOptions(num_feat * 4, num_feat * 4, 4).stride(2).padding(1).bias(false)));
    bn2_1_ = register_module("bn2_1", torch::nn::BatchNorm2d(num_feat * 4));

    // flattened features: num_feat * 4 channels of (input_size / 8)^2 -> 100 -> 1
    const int spatial = input_size / 8;
    fc1_ = register_module("fc1", torch::nn::Linear(num_feat * 4 * spatial * spatial, 100));
    fc2_ = register_module("fc2", torch::nn::Linear(100, 1));

    init_weights();
}

void VGGStyleDiscriminatorImpl::init_weights() {
    for (auto& module : modules(false)) {
        if (auto* conv = module->as<torch::nn::Conv2dImpl>()) {
            torch::nn::init::kaiming_normal_(conv->weight, 0.2, torch::kFanIn, torch::kLeakyReLU);
        }
    }
}

torch::Tensor VGGStyleDiscriminatorImpl::forward(torch::Tensor x) {
    auto lrelu = F::LeakyReLUFuncOptions().negative_slope(0.2);
    auto feat = F::leaky_relu(conv0_0_(x), lrelu);
    feat = F::leaky_relu(bn0_1_(conv0_1_(feat)), lrelu);
    feat = F::leaky_relu(bn1_0_(conv1_0_(feat)), lrelu);
    feat = F::leaky_relu(bn1_1_(conv1_1_(feat)), lrelu);
    feat = F::leaky_relu(bn2_0_(conv2_0_(feat)), lrelu);
    feat = F::leaky_relu(bn2_1_(conv2_1_(feat)), lrelu);
    feat = feat.reshape({feat.size(0), -1});
    feat = F::leaky_relu(fc1_(feat), lrelu);
    return fc2_(feat);
}

int64_t VGGStyleDiscriminatorImpl::get_num_parameters() const {
    int64_t total = 0;
    for (const auto& p : parameters()) total += p.numel();
    return total;
}

}  // namespace facesr
