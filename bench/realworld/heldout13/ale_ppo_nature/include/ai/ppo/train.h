#pragma once
#include <torch/torch.h>

#include "ai/ppo/losses.h"

namespace ai::ppo::train {

struct Hyperparameters {
  float clip_param;
  float value_loss_coef;
  float entropy_coef;
  float max_gradient_norm;
};

struct Batch {
  torch::Tensor observations;
  torch::Tensor actions;
  torch::Tensor logits;
  torch::Tensor advantages;
  torch::Tensor returns;
  torch::Tensor masks;
};

struct Metrics {
  float loss = 0.0f;
  float value_loss = 0.0f;
  float entropy = 0.0f;
  float clipped_gradient = 0.0f;
  long updates = 0;
};

template <typename Network>
ai::ppo::losses::Metrics
compute_loss(Network &network, const torch::Tensor &observations,
             const torch::Tensor &actions, const torch::Tensor &advantages,
             const torch::Tensor &old_logits, const torch::Tensor &returns,
             const torch::Tensor &masks, float clip_param,
             float value_loss_coef, float entropy_coef) {
  auto output = network->forward(observations);
  auto logits = output.logits;
  auto values = output.value;
  return ai::ppo::losses::compute(logits, old_logits, actions, advantages,
                                  values, returns, masks, clip_param,
                                  value_loss_coef, entropy_coef);
}

template <typename Network>
void mini_batch_update(torch::Device &device, Network &network,
                       torch::optim::Optimizer &optimizer, Metrics &metrics,
                       const torch::Tensor &indices, const Batch &batch,
                       size_t mini_batch_size, long j, long k,
                       Hyperparameters &hyperparameters) {
  auto start = k * static_cast<long>(mini_batch_size);
  auto end = start + static_cast<long>(mini_batch_size);
  const auto mini_indices = indices.slice(0, start, end).to(device);

  torch::Tensor mini_observations =
      batch.observations.index_select(0, mini_indices);
  torch::Tensor mini_actions = batch.actions.index_select(0, mini_indices);
  torch::Tensor mini_advantages =
      batch.advantages.index_select(0, mini_indices);
  torch::Tensor mini_logits = batch.logits.index_select(0, mini_indices);
  torch::Tensor mini_returns = batch.returns.index_select(0, mini_indices);
  torch::Tensor mini_masks = batch.masks.index_select(0, mini_indices);

  auto ppo_metrics = compute_loss(
      network, mini_observations, mini_actions, mini_advantages, mini_logits,
      mini_returns, mini_masks, hyperparameters.clip_param,
      hyperparameters.value_loss_coef, hyperparameters.entropy_coef);
  optimizer.zero_grad();
  ppo_metrics.loss.backward();
  auto clipped_gradient = torch::nn::utils::clip_grad_norm_(
      network->parameters(), hyperparameters.max_gradient_norm, 2.0);
  optimizer.step();

  metrics.loss = ppo_metrics.loss.template item<float>();
  metrics.value_loss = ppo_metrics.value_losses.mean().template item<float>();
  metrics.entropy = ppo_metrics.entropies.mean().template item<float>();
  metrics.clipped_gradient = static_cast<float>(clipped_gradient);
  metrics.updates += 1;
  (void)j;
}

template <typename Network>
void train(torch::Device &device, Network &network,
           torch::optim::Optimizer &optimizer, Metrics &metrics,
           torch::Tensor &indices, Batch &batch, size_t num_epochs,
           size_t num_mini_batches, Hyperparameters &hyperparameters) {
  network->train();
  size_t mini_batch_size = indices.size(0) / num_mini_batches;
  for (size_t j = 0; j < num_epochs; j++) {
    indices.copy_(torch::randperm(batch.observations.size(0), torch::kLong));
    for (size_t k = 0; k < num_mini_batches; k++)
      mini_batch_update(device, network, optimizer, metrics, indices, batch,
                        mini_batch_size, static_cast<long>(j),
                        static_cast<long>(k), hyperparameters);
  }
}

}  // namespace ai::ppo::train
