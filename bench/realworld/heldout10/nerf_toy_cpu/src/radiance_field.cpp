#include "radiance_field.h"

namespace nerf {
void InitWeights(torch::nn::Module& module) {
    torch::NoGradGuard no_grad;
    if (auto* linear = module.as<torch::nn::Linear>()) {
        torch::nn::init::kaiming_normal_(linear->weight);
        torch::nn::init::zeros_(linear->bias);
    }
}
RadianceFieldImpl::RadianceFieldImpl(const int64_t length_x,
                                     const int64_t length_dim,
                                     const int64_t view_width)
    : length_x_(length_x),
      length_dim_(length_dim),
      layer_0_(torch::nn::LinearOptions(6 * length_x, 64)),
      layer_1_(torch::nn::LinearOptions(64, 64)),
      layer_2_(torch::nn::LinearOptions(64 + 6 * length_x, 64)),
      layer_3_(torch::nn::LinearOptions(64, 64)),
      layer_4_(torch::nn::LinearOptions(64 + 6 * length_dim, view_width)),
      rgb_(torch::nn::LinearOptions(view_width, 3)),
      sigma_(torch::nn::LinearOptions(64, 1)) {
    register_module("layer_0_", layer_0_);
    register_module("layer_1_", layer_1_);
    register_module("layer_2_", layer_2_);
    register_module("layer_3_", layer_3_);
    register_module("layer_4_", layer_4_);
    register_module("sigma_", sigma_);
    register_module("rgb_", rgb_);

    this->apply(InitWeights);
}

std::tuple<torch::Tensor, torch::Tensor> RadianceFieldImpl::forward(
    const torch::Tensor& x, const torch::Tensor& d) {
    const auto e_x = embedder_.Embedding(x, length_x_);
    const auto e_d = embedder_.Embedding(d, length_dim_);
    auto h = torch::relu(layer_0_(e_x));
    h = torch::relu(layer_1_(h));
    h = torch::cat({h, e_x}, 1);
    h = torch::relu(layer_2_(h));
    auto sigma = torch::relu(sigma_(h));
    h = layer_3_(h);
    h = torch::cat({h, e_d}, 1);
    h = torch::relu(layer_4_(h));
    auto rgb = torch::sigmoid(rgb_(h));
    return {rgb, sigma};
}
}  // namespace nerf
