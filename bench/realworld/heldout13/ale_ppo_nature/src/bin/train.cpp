#include <torch/torch.h>

#include <iostream>
#include <vector>

#include "ai/environment/grid_catch.h"
#include "ai/gae.h"
#include "ai/ppo/losses.h"
#include "ai/ppo/train.h"
#include "training/config.h"
#include "training/network.h"

namespace {

using ai::environment::GridCatch;

// Greedy-policy hit rate over fresh environments, the "episode return" metric.
double evaluate(training::Network &network, torch::Device device,
                size_t frame_stack, int64_t episodes) {
  torch::NoGradGuard no_grad;
  network->eval();
  int64_t hits = 0;
  int64_t steps = 0;
  for (int64_t e = 0; e < episodes; ++e) {
    GridCatch env(10000 + static_cast<uint64_t>(e));
    auto obs = env.reset(static_cast<int64_t>(frame_stack));
    bool done = false;
    while (!done) {
      auto out = network->forward(obs.unsqueeze(0).to(device));
      const int64_t action = out.logits.argmax(-1).item<int64_t>();
      const float reward =
          env.step(action, static_cast<int64_t>(frame_stack), obs, done);
      hits += reward > 0.5f ? 1 : 0;
      ++steps;
    }
  }
  network->train();
  return static_cast<double>(hits) / static_cast<double>(steps);
}

}  // namespace

int main(int argc, char **argv) {
  torch::manual_seed(0);
  (void)argc;
  (void)argv;

  auto config = training::load_config();
  training::validate(config);

  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  training::Network network(config.frame_stack, config.hidden_size,
                            GridCatch::kNumActions);
  network->to(device);
  torch::optim::Adam optimizer(
      network->parameters(),
      torch::optim::AdamOptions(config.learning_rate).eps(1e-5));

  const double untrained = evaluate(network, device, config.frame_stack, 20);

  const int64_t num_envs = static_cast<int64_t>(config.total_environments);
  const int64_t horizon = static_cast<int64_t>(config.horizon);
  const int64_t stack = static_cast<int64_t>(config.frame_stack);
  std::vector<GridCatch> envs;
  std::vector<torch::Tensor> observations;
  for (int64_t e = 0; e < num_envs; ++e) {
    envs.emplace_back(static_cast<uint64_t>(e + 1));
    observations.push_back(envs.back().reset(stack));
  }

  ai::ppo::train::Hyperparameters hyperparameters{
      config.clip_param, config.value_loss_coef, config.entropy_coef,
      config.max_gradient_norm};
  ai::ppo::train::Metrics metrics;
  auto indices = torch::arange(num_envs * horizon, torch::kLong);

  for (size_t rollout = 0; rollout < config.num_rollouts; ++rollout) {
    std::vector<torch::Tensor> obs_buf, act_buf, logit_buf, val_buf, rew_buf,
        done_buf;
    ai::ppo::train::Batch batch;
    {
      torch::NoGradGuard no_grad;
      for (int64_t t = 0; t < horizon; ++t) {
        auto obs = torch::stack(observations).to(device);
        auto out = network->forward(obs);
        auto probs = torch::softmax(out.logits, -1);
        auto actions = torch::multinomial(probs, 1).squeeze(-1).cpu();
        auto rewards = torch::zeros({num_envs});
        auto dones = torch::zeros({num_envs});
        for (int64_t e = 0; e < num_envs; ++e) {
          bool done = false;
          rewards[e] = envs[e].step(actions[e].item<int64_t>(), stack,
                                    observations[e], done);
          dones[e] = done ? 1.0 : 0.0;
        }
        obs_buf.push_back(obs.cpu());
        act_buf.push_back(actions);
        logit_buf.push_back(out.logits.cpu());
        val_buf.push_back(out.value.cpu());
        rew_buf.push_back(rewards);
        done_buf.push_back(dones);
      }
      auto next_values =
          network->forward(torch::stack(observations).to(device)).value.cpu();
      auto values = torch::stack(val_buf);
      auto advantages =
          ai::gae::compute(torch::stack(rew_buf), values,
                           torch::stack(done_buf), next_values,
                           config.gae_discount, config.gae_lambda);
      auto returns = advantages + values;
      advantages = ai::gae::normalize(advantages);

      batch = ai::ppo::train::Batch{
          torch::stack(obs_buf).flatten(0, 1).to(device),
          torch::stack(act_buf).flatten().to(device),
          ai::ppo::losses::normalize_logits(
              torch::stack(logit_buf).flatten(0, 1))
              .to(device),
          advantages.flatten().to(device),
          returns.flatten().to(device),
          torch::ones({num_envs * horizon}, torch::kBool).to(device)};
    }
    ai::ppo::train::train(device, network, optimizer, metrics, indices, batch,
                          config.num_epochs, config.num_mini_batches,
                          hyperparameters);
    if (rollout % 5 == 0 || rollout + 1 == config.num_rollouts) {
      std::cout << "rollout " << rollout << " loss " << metrics.loss
                << " value " << metrics.value_loss << " entropy "
                << metrics.entropy << " grad " << metrics.clipped_gradient
                << "\n";
    }
  }

  const double hit_rate = evaluate(network, device, config.frame_stack, 20);
  std::cout << "updates: " << metrics.updates << "\n";
  std::cout << "final loss: " << metrics.loss << "\n";
  std::cout << "test hit rate (greedy policy): " << hit_rate << " (untrained "
            << untrained << ", random " << 1.0 / GridCatch::kNumActions
            << ")\n";
  return 0;
}
