#pragma once

#include <torch/torch.h>

#include <string>

#include "config_parser.h"
#include "encoder.h"

namespace probs {

class ResNetImpl : public torch::nn::Module {
public:
    ResNetImpl(const ConfigParser &config_parser, const std::string &config_key_prefix, const bool true_if_v_else_q);
    torch::Tensor forward(torch::Tensor x);

private:
    bool true_if_v_else_q;
    torch::nn::Conv2d m_conv_first{nullptr};
    torch::nn::Sequential m_res_tower{nullptr};
    torch::nn::Conv2d m_conv_last{nullptr};
    torch::nn::Conv2d m_v_conv_last{nullptr};
    torch::nn::Linear m_v_fc{nullptr};
};
TORCH_MODULE(ResNet);

torch::optim::AdamW adam_factory(const ConfigParser &config_parser, const std::string &training_key, ResNet model);

// Both models and their optimizers.
class ModelKeeper {
public:
    ModelKeeper(const ConfigParser &config_parser, const std::string &config_v_key, const std::string &config_q_key,
                const std::string &training_key);

    ResNet v_model;
    ResNet q_model;
    torch::optim::AdamW v_optimizer;
    torch::optim::AdamW q_optimizer;
};

}  // namespace probs
