#include "core/trainer.h"
#include <torch/torch.h>
#include <random>
#include <iostream>

namespace alphazero {

torch::Tensor Trainer::ComputePolicyLoss(const torch::Tensor& policy_preds,
                                         const torch::Tensor& policy_targets) {
    // Don't detach or clone tensors as it breaks the graph
    return torch::nn::functional::cross_entropy(policy_preds, policy_targets);
}

torch::Tensor Trainer::ComputeValueLoss(const torch::Tensor& value_preds,
                                        const torch::Tensor& value_targets) {
    return torch::mse_loss(value_preds, value_targets);
}

void Trainer::Train(const std::vector<GameEpisode>& episodes) {
    if (episodes.empty()) {
        throw std::runtime_error("No episodes to train on");
    }

    // Create optimizer after ensuring network is on correct device
    auto optimizer = torch::optim::Adam(
        network_->parameters(),
        torch::optim::AdamOptions(config_.learning_rate).weight_decay(config_.l2_reg)
    );

    // CUDA when there is one (the original requires cuda:0 and throws otherwise)
    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

    network_->to(device);
    network_->train();

    // Collect all data
    std::vector<torch::Tensor> all_boards;
    std::vector<float> all_policies;
    std::vector<float> all_values;

    for (const auto& episode : episodes) {
        all_boards.insert(all_boards.end(), episode.boards.begin(), episode.boards.end());
        for (const auto& policy : episode.policies) {
            all_policies.insert(all_policies.end(), policy.begin(), policy.end());
        }
        all_values.insert(all_values.end(), episode.values.begin(), episode.values.end());
    }

    // Convert to tensors - do not set requires_grad for input data
    auto states = torch::stack(torch::TensorList(all_boards)).to(device);
    auto policies = torch::tensor(all_policies).reshape({-1, config_.action_size}).to(device);
    auto values = torch::tensor(all_values).reshape({-1, 1}).to(device);

    torch::Tensor final_policy_preds;  // stores the last policy predictions

    for (int epoch = 0; epoch < config_.num_epochs; ++epoch) {
        // Save parameters before update for comparison
        std::vector<torch::Tensor> params_before;
        for (const auto& param : network_->parameters()) {
            params_before.push_back(param.clone().detach());
        }

        // Zero gradients at the start of each iteration
        optimizer.zero_grad();

        // Forward pass - explicitly use network's forward method
        auto outputs = network_->forward(states);
        auto policy_preds = outputs.first;
        auto value_preds = outputs.second;

        // Save the final policy predictions on the last epoch
        if (epoch == config_.num_epochs - 1) {
            final_policy_preds = policy_preds.clone().detach();
        }

        // Make sure all tensors are properly moved to the correct device
        policy_preds = policy_preds.to(device);
        value_preds = value_preds.to(device);

        // Compute loss
        auto loss_policy = -torch::mean(torch::sum(policies * torch::log_softmax(policy_preds, 1), 1));
        auto loss_value = torch::mse_loss(value_preds, values);
        auto total_loss = loss_policy + loss_value;

        // Store the latest loss values
        last_policy_loss_ = loss_policy.item<float>();
        last_value_loss_ = loss_value.item<float>();
        last_total_loss_ = total_loss.item<float>();
        if (epoch == 0) {
            first_total_loss_ = last_total_loss_;
        }

        // Backward pass
        total_loss.backward();

        // Create a zero gradient where none exists
        for (auto& param : network_->parameters()) {
            if (!param.grad().defined()) {
                param.mutable_grad() = torch::zeros_like(param);
            }
        }

        // Perform parameter update
        optimizer.step();

        // Verify parameter updates
        auto params_after = network_->parameters();
        bool params_updated = false;
        for (size_t i = 0; i < params_after.size(); ++i) {
            if (!torch::allclose(params_after[i], params_before[i])) {
                params_updated = true;
                break;
            }
        }
        if (!params_updated) {
            std::cout << "Epoch " << epoch + 1 << ": parameters not updated" << std::endl;
        }
    }

    // After all training epochs, compute parameter statistics for debugging
    float param_sum = 0.0f;
    int param_count = 0;
    float param_square_sum = 0.0f;

    for (const auto& param : network_->parameters()) {
        auto flat_param = param.flatten();
        param_count += param.numel();
        param_sum += flat_param.abs().sum().item<float>();
        param_square_sum += flat_param.square().sum().item<float>();
    }

    float mean = param_sum / param_count;
    float variance = (param_square_sum / param_count) - (mean * mean);
    last_param_variance_ = variance;

    std::cout << "  policy entropy: "
              << (-torch::softmax(final_policy_preds, 1) * torch::log_softmax(final_policy_preds, 1))
                     .sum(1).mean().item<float>()
              << ", parameter variance: " << variance << std::endl;
}

}  // namespace alphazero
