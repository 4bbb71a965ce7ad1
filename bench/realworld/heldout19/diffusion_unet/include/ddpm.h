#pragma once
#include <torch/torch.h>

#include <memory>
#include <random>
#include <tuple>
#include <vector>

#include "unet.h"

struct SamplerOptions {
    TORCH_ARG(int, img_height);
    TORCH_ARG(int, img_width);
    TORCH_ARG(int, T) = 1000;
    TORCH_ARG(int, embedding_size) = 2;
    TORCH_ARG(int, stride) = 2;
    TORCH_ARG(float, eta) = 1.0;
};

// Sinusoidal code of every step, [length, d_model].
torch::Tensor positional_encoding_1d(int d_model, int length);

class Sampler : public torch::nn::Module {
public:
    virtual torch::Tensor forward(torch::Tensor x, torch::Tensor t_in) = 0;

    virtual std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> p_x(const torch::Tensor &x) = 0;

    // The noisy images of `x` at the given steps with the given noise.
    virtual torch::Tensor q_sample(const torch::Tensor &x, const torch::Tensor &steps, const torch::Tensor &noise) = 0;

    virtual torch::Tensor sample(int n, torch::Device device) = 0;

    virtual std::shared_ptr<Sampler> copy() = 0;

    virtual std::shared_ptr<Module> get_model() = 0;
};

class DDPMImpl : public Sampler {
private:
    std::shared_ptr<Module> model{nullptr};
    std::mt19937 step_rng{1234};

protected:
    std::tuple<int, int> img_size;

public:
    SamplerOptions options;
    int T;
    torch::Tensor alpha;
    torch::Tensor beta;
    torch::Tensor sigma;
    torch::Tensor bar_alpha;
    torch::Tensor bar_beta;
    torch::Tensor t;
    int embedding_size;
    std::vector<int> steps;

    DDPMImpl(const std::shared_ptr<Module> &model, SamplerOptions &options);

    torch::Tensor forward(torch::Tensor x, torch::Tensor t_in) override;

    std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> p_x(const torch::Tensor &x) override;

    torch::Tensor q_sample(const torch::Tensor &x, const torch::Tensor &steps, const torch::Tensor &noise) override;

    torch::Tensor sample(int n, torch::Device device) override;

    std::shared_ptr<Module> get_model() override;

    std::shared_ptr<Sampler> copy() override;
};

TORCH_MODULE(DDPM);
