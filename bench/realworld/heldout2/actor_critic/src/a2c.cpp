#include "a2c.h"

#include <cmath>
#include <iostream>
#include <vector>

void train_a2c(ActorCritic &model, PointMassEnv &env, torch::Device device, const A2CConfig &config) {
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(config.learning_rate));
  const double log_sqrt_2pi = 0.5 * std::log(2.0 * M_PI);

  auto obs = env.reset().to(device);
  for (int64_t update = 0; update < config.num_updates; ++update) {
    std::vector<torch::Tensor> log_probs, values, rewards, masks, entropies;
    for (int64_t t = 0; t < config.rollout_length; ++t) {
      auto [mu, std] = model->policy(obs);
      auto action = (mu + std * torch::randn_like(mu)).detach();
      auto z = (action - mu) / std;
      log_probs.push_back((-0.5 * z.pow(2) - std.log() - log_sqrt_2pi).sum(-1));
      entropies.push_back((std.log() + 0.5 + log_sqrt_2pi).sum(-1));
      values.push_back(model->value(obs).squeeze(-1));

      EnvStep result = env.step(action.cpu());
      rewards.push_back(result.reward.to(device));
      masks.push_back((1 - result.done).to(device));
      obs = result.obs.to(device);
    }

    torch::Tensor next_value;
    {
      torch::NoGradGuard no_grad;
      next_value = model->value(obs).squeeze(-1);
    }
    std::vector<torch::Tensor> returns(rewards.size());
    auto running = next_value;
    for (int64_t t = static_cast<int64_t>(rewards.size()) - 1; t >= 0; --t) {
      running = rewards[t] + config.gamma * running * masks[t];
      returns[t] = running;
    }

    auto advantage = torch::stack(returns) - torch::stack(values);
    auto actor_loss = -(torch::stack(log_probs) * advantage.detach()).mean();
    auto critic_loss = advantage.pow(2).mean();
    auto entropy = torch::stack(entropies).mean();
    auto loss = actor_loss + config.value_coef * critic_loss - config.entropy_coef * entropy;

    optimizer.zero_grad();
    loss.backward();
    optimizer.step();

    if (update % 25 == 0) {
      std::cout << "update " << update << " loss " << loss.item<double>() << " mean reward "
                << torch::stack(rewards).mean().item<double>() << std::endl;
    }
  }
}
