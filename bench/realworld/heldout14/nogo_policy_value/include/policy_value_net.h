//
// Created after syys96's policy_value_net.h (AlphaZero-style NoGo network).
//

#ifndef EXAMPLE_APP_POLICY_VALUE_NET_H
#define EXAMPLE_APP_POLICY_VALUE_NET_H

#include <torch/torch.h>
#include <vector>

struct ResidualBlockImpl : torch::nn::Module
{
    ResidualBlockImpl(int64_t in_channels, int64_t out_channels, int kernel_size = 3) :
            conv1(torch::nn::Conv2dOptions(in_channels, out_channels, kernel_size).stride(1).padding((kernel_size - 1) >> 1)),
            conv2(torch::nn::Conv2dOptions(out_channels, out_channels, kernel_size).stride(1).padding((kernel_size - 1) >> 1)),
            batch_norm1(torch::nn::BatchNorm2dOptions(out_channels)),
            batch_norm2(torch::nn::BatchNorm2dOptions(out_channels))
    {
        register_module("conv1", conv1);
        register_module("conv2", conv2);
        register_module("batch_norm1", batch_norm1);
        register_module("batch_norm2", batch_norm2);
    }
    at::Tensor forward(at::Tensor x)
    {
        at::Tensor x_ = x;
        x = batch_norm1(conv1(x)).relu();
        x = torch::add(batch_norm2(conv2(x)), x_);
        return torch::relu(x);
    }
    torch::nn::Conv2d conv1, conv2;
    torch::nn::BatchNorm2d batch_norm1, batch_norm2;
};
TORCH_MODULE(ResidualBlock);

struct NetworkImpl : torch::nn::Module
{
    NetworkImpl(int64_t state_channels, int64_t state_h, int64_t action_dim, int64_t conv_channels, int kernel_size = 3) :
            conv(torch::nn::Conv2dOptions(state_channels, conv_channels, kernel_size).stride(1).padding((kernel_size - 1) >> 1)),
            bn(torch::nn::BatchNorm2dOptions(conv_channels)),
            residual(ResidualBlock(conv_channels, conv_channels, kernel_size)),
            conv_policy(torch::nn::Conv2dOptions(conv_channels, 2, 1).stride(1)),
            bn_policy(torch::nn::BatchNorm2dOptions(2)),
            fc_policy(2 * state_h * state_h, action_dim),
            conv_value(torch::nn::Conv2dOptions(conv_channels, 1, 1).stride(1)),
            bn_value(torch::nn::BatchNorm2dOptions(1)),
            fc1_value(state_h * state_h, 64),
            fc2_value(64, 1)
    {
        register_module("conv", conv);
        register_module("bn", bn);
        register_module("residual", residual);
        register_module("conv_policy", conv_policy);
        register_module("bn_policy", bn_policy);
        register_module("fc_policy", fc_policy);
        register_module("conv_value", conv_value);
        register_module("bn_value", bn_value);
        register_module("fc1_value", fc1_value);
        register_module("fc2_value", fc2_value);
    }

    // {log move probabilities (illegal moves masked), value}
    std::vector<at::Tensor> forward(at::Tensor x, at::Tensor legal);

    torch::nn::Conv2d conv;
    torch::nn::BatchNorm2d bn;
    ResidualBlock residual;
    torch::nn::Conv2d conv_policy;
    torch::nn::BatchNorm2d bn_policy;
    torch::nn::Linear fc_policy;
    torch::nn::Conv2d conv_value;
    torch::nn::BatchNorm2d bn_value;
    torch::nn::Linear fc1_value;
    torch::nn::Linear fc2_value;
};
TORCH_MODULE(Network);

class PolicyValueNet
{
public:
    PolicyValueNet(const char *model_path, bool use_cuda, int32_t state_c, int32_t state_h, int32_t action_dim) :
            model(state_c, state_h, action_dim, 32, 3), device(torch::kCPU)
    {
        if (use_cuda && torch::cuda::is_available()) this->device = torch::Device(torch::kCUDA, 0);
        if (nullptr != model_path) this->load_model(model_path);
        this->model->to(this->device);
        torch::NoGradGuard no_grad;
        this->model(torch::zeros({ 1,state_c,state_h,state_h }, this->device),
                    torch::ones({ 1,action_dim }, torch::TensorOptions(this->device).dtype(torch::kBool)));
    }
    void save_model_cpu(const char * save_path);
    inline void save_model(const char * save_path) { torch::save(this->model, save_path); }
    inline void load_model(const char * model_path) { torch::load(this->model, model_path); }
    inline std::vector<at::Tensor> predict(const at::Tensor &x, const at::Tensor &legal) { return this->model(x, legal); }

    Network model;
    torch::Device device;
};

#endif //EXAMPLE_APP_POLICY_VALUE_NET_H
