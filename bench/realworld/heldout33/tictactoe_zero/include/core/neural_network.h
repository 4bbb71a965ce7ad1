#ifndef ALPHAZERO_NEURAL_NETWORK_H_
#define ALPHAZERO_NEURAL_NETWORK_H_

#include <iostream>
#include <memory>
#include <mutex>
#include <torch/torch.h>
#include "core/config.h"

namespace alphazero {

class NeuralNetwork : public torch::nn::Cloneable<NeuralNetwork>,
                      public std::enable_shared_from_this<NeuralNetwork> {
 public:
  NeuralNetwork(int64_t input_channels,
                int64_t num_filters,
                int64_t num_actions,
                int64_t num_residual_blocks = 0);

  NeuralNetwork(const Config& config);

  std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor x);
  std::pair<torch::Tensor, torch::Tensor> forward_impl(torch::Tensor x);

  void MoveToDevice(const torch::Device& device);
  void InitializeWeights();

  const torch::Tensor& GetCachedPolicy() const { return cached_policy_; }
  const torch::Tensor& GetCachedValue() const { return cached_value_; }

  std::shared_ptr<torch::nn::Module> clone(
      const torch::optional<torch::Device>& device = torch::nullopt) const override;

  void reset() override;

  // Validates gradient flow by checking gradients after a backward pass
  void ValidateGradientFlow(const torch::Tensor& input,
                            const torch::Tensor& target_policy,
                            const torch::Tensor& target_value) {
    // Clear any existing gradients
    zero_grad();

    // Forward pass
    auto [policy_pred, value_pred] = forward(input);

    // Compute loss
    auto policy_loss = torch::nn::functional::cross_entropy(policy_pred, target_policy);
    auto value_loss = torch::nn::functional::mse_loss(value_pred, target_value);
    auto total_loss = policy_loss + value_loss;

    // Backward pass
    total_loss.backward();

    bool all_grads_ok = true;
    for (const auto& pair : this->named_parameters()) {
      const torch::Tensor& param = pair.value();
      if (!param.grad().defined() || param.grad().abs().sum().item<float>() == 0) {
        std::cout << "Warning: no gradient for: " << pair.key() << std::endl;
        all_grads_ok = false;
      }
    }
    std::cout << (all_grads_ok ? "Gradient flow validated successfully."
                               : "Gradient flow issues detected.")
              << std::endl;
  }

 private:
  // Network layers
  torch::nn::Conv2d conv{nullptr};
  torch::nn::BatchNorm2d batch_norm{nullptr};
  torch::nn::Linear policy_fc{nullptr};
  torch::nn::Linear value_fc{nullptr};

  // Cached results from forward pass
  torch::Tensor cached_policy_;
  torch::Tensor cached_value_;

  // Thread safety
  std::shared_ptr<std::mutex> forward_mutex_ = std::make_shared<std::mutex>();

  // Board dimensions
  int board_size_ = 9;  // 3x3 board
};

}  // namespace alphazero

#endif  // ALPHAZERO_NEURAL_NETWORK_H_
