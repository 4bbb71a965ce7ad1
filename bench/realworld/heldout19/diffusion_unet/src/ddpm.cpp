#include "ddpm.h"

#include <algorithm>
#include <cmath>
#include <utility>

using namespace torch::indexing;

torch::Tensor positional_encoding_1d(int d_model, int length) {
    auto pe = torch::zeros({length, d_model});
    auto position = torch::arange(0, length, torch::kFloat).unsqueeze(1);
    auto div_term = torch::exp(torch::arange(0, d_model, 2, torch::kFloat) * (-std::log(10000.0) / d_model));
    pe.index_put_({Slice(), Slice(0, None, 2)}, torch::sin(position * div_term));
    pe.index_put_({Slice(), Slice(1, None, 2)}, torch::cos(position * div_term));
    return pe;
}

DDPMImpl::DDPMImpl(const std::shared_ptr<Module> &model, SamplerOptions &options) {
    this->options = options;
    this->model = model;
    this->img_size = std::make_tuple(options.img_height(), options.img_width());
    this->T = options.T();
    this->embedding_size = options.embedding_size();

    alpha = register_buffer("alpha", torch::sqrt(1.0 - 0.02 * torch::arange(1, T + 1) / (double) T));
    beta = register_buffer("beta", torch::sqrt(1.0 - torch::pow(alpha, 2)));
    bar_alpha = register_buffer("bar_alpha", torch::cumprod(alpha, 0));
    bar_beta = register_buffer("bar_beta", torch::sqrt(1.0 - bar_alpha.pow(2)));
    sigma = register_buffer("sigma", beta.clone());
    t = register_buffer("t", positional_encoding_1d(embedding_size, T));

    register_module("model", model);

    for (int i = 0; i < T; i++) {
        steps.push_back(i);
    }
}

std::shared_ptr<torch::nn::Module> DDPMImpl::get_model() {
    return model;
}

std::shared_ptr<Sampler> DDPMImpl::copy() {
    return std::make_shared<DDPMImpl>(DDPMImpl(Unet(*(get_model()->as<Unet>())).ptr(), options));
}

torch::Tensor DDPMImpl::forward(torch::Tensor x, torch::Tensor t_in) {
    auto t_e = t.index({std::move(t_in)});
    auto x_r = model->as<Unet>()->forward(std::move(x), t_e);
    return x_r;
}

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> DDPMImpl::p_x(const torch::Tensor &x) {
    const auto &batch_images = x;
    auto batch_size = batch_images.size(0);

    std::vector<int64_t> steps;

    std::shuffle(this->steps.begin(), this->steps.end(), step_rng);
    for (int i = 0; i < batch_size; i++) {
        steps.push_back(this->steps.at(i));
    }

    auto batch_steps = torch::tensor(steps, torch::TensorOptions().dtype(torch::kLong)).to(x.device());
    auto batch_noise = torch::randn_like(batch_images);
    auto batch_noise_images = q_sample(batch_images, batch_steps, batch_noise);

    return std::make_tuple(batch_noise_images, batch_steps, batch_noise);
}

torch::Tensor DDPMImpl::q_sample(const torch::Tensor &x, const torch::Tensor &steps, const torch::Tensor &noise) {
    auto batch_bar_alpha = bar_alpha.index({steps}).to(torch::kFloat).reshape({-1, 1, 1, 1});
    auto batch_bar_beta = bar_beta.index({steps}).to(torch::kFloat).reshape({-1, 1, 1, 1});
    return x * batch_bar_alpha + noise * batch_bar_beta;
}

torch::Tensor DDPMImpl::sample(int n, torch::Device device) {
    torch::NoGradGuard no_grad;

    int img_height, img_width;
    std::tie(img_height, img_width) = img_size;

    auto z = torch::randn({(int64_t) n, 1, img_height, img_width}, torch::TensorOptions().device(device));

    for (int t0 = 0; t0 < T; t0++) {
        int ti = T - t0 - 1;
        auto bti = torch::tensor({(int64_t) ti}, torch::TensorOptions().dtype(torch::kLong)).to(device).repeat(z.size(0));
        z -= beta.index({ti}).pow(2) / bar_beta.index({ti}) * forward(z, bti);
        z /= alpha.index({ti});
        if (ti > 0) {
            z += torch::randn_like(z) * sigma.index({ti});
        }
    }

    return torch::clip(z, -1, 1);
}
