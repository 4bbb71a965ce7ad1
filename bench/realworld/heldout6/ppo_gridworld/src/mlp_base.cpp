#include "mlp_base.h"

#include <cmath>
#include <string>

namespace {

void init_weights(torch::nn::Module& module, double gain) {
  torch::NoGradGuard no_grad;
  for (auto& param : module.named_parameters()) {
    if (param.key().find("bias") != std::string::npos) {
      param.value().zero_();
    } else if (param.value().dim() == 2) {
      torch::nn::init::orthogonal_(param.value(), gain);
    }
  }
}

}  // namespace

MlpBaseImpl::MlpBaseImpl(int64_t num_inputs, int64_t hidden_size, int64_t critic_hidden)
    : hidden_size_(hidden_size) {
  actor_ = register_module("actor", torch::nn::Sequential(
      torch::nn::Linear(num_inputs, hidden_size),
      torch::nn::Tanh(),
      torch::nn::Linear(hidden_size, hidden_size),
      torch::nn::Tanh()));
  critic_ = register_module("critic", torch::nn::Sequential(
      torch::nn::Linear(num_inputs, critic_hidden),
      torch::nn::Tanh(),
      torch::nn::Linear(critic_hidden, critic_hidden),
      torch::nn::Tanh()));
  critic_linear_ = register_module("critic_linear", torch::nn::Linear(critic_hidden, 1));

  init_weights(*actor_, std::sqrt(2.0));
  init_weights(*critic_, std::sqrt(2.0));
  init_weights(*critic_linear_, 1.0);
}

std::vector<torch::Tensor> MlpBaseImpl::forward(torch::Tensor inputs) {
  auto hidden_critic = critic_->forward(inputs);
  auto hidden_actor = actor_->forward(inputs);
  return {critic_linear_->forward(hidden_critic), hidden_actor};
}
