#include "PPO/PPO_Discrete.h"

#include <cstdlib>
#include <iostream>
#include <string>

PPO_Discrete::PPO_Discrete() {
  // First initialize all PPO hyperparameters to their defaults
  m_obs_size = 2 * LineWorld::kTrackLength;
  m_action_size = LineWorld::kNumActions;
  m_wide_net = false;
  m_hidden_size = m_wide_net ? 128 : 100;
  m_learning_rate = 0.001f;
  m_seed = 1;
  m_use_cuda = true;
  m_num_envs = 4;
  m_num_steps = 64;
  m_num_updates = 18;
  m_gamma = 0.95f;
  m_gae_lambda = 0.95f;
  m_num_minibatches = 4;
  m_update_epochs = 4;
  m_norm_adv = true;
  m_clip_coef = 0.2f;
  m_ent_coef = 0.01f;
  m_vf_coef = 0.5f;
  m_max_grad_norm = 0.5f;

  // Now check if the environment overrides the run length
  PPO_Discrete::getArgs();

  m_batch_size = m_num_envs * m_num_steps;
  m_minibatch_size = m_batch_size / m_num_minibatches;

  m_device = std::make_shared<torch::Device>(((torch::cuda::is_available() && m_use_cuda) ? torch::kCUDA : torch::kCPU));
  std::cout << "Using " << *m_device << " device" << std::endl;

  m_agent = std::make_shared<Agent>(m_obs_size, m_action_size, m_hidden_size, m_device);
  m_agent->to(*m_device);

  // Initialize AdamW optimizer with respect to the agent's parameters
  m_optimizer = std::make_shared<torch::optim::AdamW>(m_agent->parameters(),
                                                      torch::optim::AdamWOptions(m_learning_rate).eps(1e-5f));

  for (int64_t i = 0; i < m_num_envs; i++) {
    m_envs.push_back(std::make_shared<LineWorld>(m_seed + static_cast<uint32_t>(i)));
  }

  m_obs = torch::zeros({m_num_steps, m_num_envs, m_obs_size}).to(*m_device);
  m_masks = torch::zeros({m_num_steps, m_num_envs, m_action_size}).to(*m_device);
  m_actions = torch::zeros({m_num_steps, m_num_envs}).to(*m_device);
  m_logprobs = torch::zeros({m_num_steps, m_num_envs}).to(*m_device);
  m_rewards = torch::zeros({m_num_steps, m_num_envs}).to(*m_device);
  m_dones = torch::zeros({m_num_steps, m_num_envs}).to(*m_device);
  m_values = torch::zeros({m_num_steps, m_num_envs}).to(*m_device);
}

void PPO_Discrete::getArgs() {
  if (const char* updates = std::getenv("PPO_NUM_UPDATES")) {
    m_num_updates = std::stoll(updates);
    std::cout << "Using num_updates = " << m_num_updates << std::endl;
  }
}

torch::Tensor PPO_Discrete::initEnvs() {
  torch::Tensor obs = torch::zeros({m_num_envs, m_obs_size});
  for (int64_t i = 0; i < m_num_envs; i++) {
    obs[i] = torch::tensor(m_envs[i]->reset());
  }
  return obs.to(*m_device);
}

std::array<torch::Tensor, 2> PPO_Discrete::calcAdvantage(const torch::Tensor& next_obs,
                                                          const torch::Tensor& next_done) const {
  torch::NoGradGuard no_grad;
  torch::Tensor next_value = m_agent->getValue(next_obs).reshape({1, -1});
  torch::Tensor advantages = torch::zeros_like(m_rewards);
  torch::Tensor lastgaelam = torch::zeros({1, m_num_envs}, m_rewards.options());
  torch::Tensor nextnonterminal, nextvalues;
  for (int64_t t = m_num_steps - 1; t >= 0; t--) {
    if (t == m_num_steps - 1) {
      nextnonterminal = 1.0 - next_done;
      nextvalues = next_value;
    } else {
      nextnonterminal = 1.0 - m_dones[t + 1];
      nextvalues = m_values[t + 1];
    }
    torch::Tensor delta = m_rewards[t] + m_gamma * nextvalues * nextnonterminal - m_values[t];
    lastgaelam = delta + m_gamma * m_gae_lambda * nextnonterminal * lastgaelam;
    advantages[t] = lastgaelam[0];
  }
  return {advantages + m_values, advantages};
}

void PPO_Discrete::train() {
  torch::Tensor next_obs = initEnvs();
  torch::Tensor next_done = torch::zeros({m_num_envs}, torch::TensorOptions(*m_device));

  for (int64_t update = 1; update <= m_num_updates; ++update) {
    // Rollout phase
    for (int64_t step = 0; step < m_num_steps; ++step) {
      m_obs[step] = next_obs;
      m_dones[step] = next_done;
      torch::Tensor mask = torch::zeros({m_num_envs, m_action_size});
      for (int64_t i = 0; i < m_num_envs; i++) mask[i] = torch::tensor(m_envs[i]->actionMask());
      mask = mask.to(*m_device);
      m_masks[step] = mask;
      AgentOutput out;
      {
        torch::NoGradGuard no_grad;
        out = m_agent->getActionAndValueMasked(next_obs, mask);
      }
      m_values[step] = out.value.flatten();
      m_actions[step] = out.action.to(torch::kFloat);
      m_logprobs[step] = out.logprob;

      torch::Tensor obs_cpu = torch::zeros({m_num_envs, m_obs_size});
      torch::Tensor rew_cpu = torch::zeros({m_num_envs});
      torch::Tensor done_cpu = torch::zeros({m_num_envs});
      torch::Tensor actions_cpu = out.action.to(torch::kCPU);
      for (int64_t i = 0; i < m_num_envs; i++) {
        float reward = 0.0f;
        bool done = false;
        std::vector<float> obs = m_envs[i]->step(actions_cpu[i].item<int64_t>(), reward, done);
        if (done) obs = m_envs[i]->reset();
        obs_cpu[i] = torch::tensor(obs);
        rew_cpu[i] = reward;
        done_cpu[i] = done ? 1.0f : 0.0f;
      }
      m_rewards[step] = rew_cpu.to(*m_device);
      next_obs = obs_cpu.to(*m_device);
      next_done = done_cpu.to(*m_device);
    }

    auto [returns, advantages] = calcAdvantage(next_obs, next_done);

    // flatten the batch
    torch::Tensor b_obs = m_obs.reshape({-1, m_obs_size});
    torch::Tensor b_masks = m_masks.reshape({-1, m_action_size});
    torch::Tensor b_logprobs = m_logprobs.reshape(-1);
    torch::Tensor b_actions = m_actions.reshape(-1);
    torch::Tensor b_advantages = advantages.reshape(-1);
    torch::Tensor b_returns = returns.reshape(-1);

    // Optimizing the policy and value network
    for (int64_t epoch = 0; epoch < m_update_epochs; ++epoch) {
      torch::Tensor b_inds = torch::randperm(m_batch_size, torch::TensorOptions(*m_device).dtype(torch::kLong));
      for (int64_t start = 0; start < m_batch_size; start += m_minibatch_size) {
        torch::Tensor mb_inds = b_inds.slice(0, start, start + m_minibatch_size);

        AgentOutput newout = m_agent->getActionAndValueMasked(
            b_obs.index({mb_inds}), b_masks.index({mb_inds}), b_actions.to(torch::kLong).index({mb_inds}));

        torch::Tensor logratio = newout.logprob - b_logprobs.index({mb_inds});
        torch::Tensor ratio = logratio.exp();

        torch::Tensor mb_advantages = b_advantages.index({mb_inds});
        if (m_norm_adv) {
          mb_advantages = (mb_advantages - mb_advantages.mean()) / (mb_advantages.std() + 1e-8f);
        }

        // Clipped objective -- policy loss
        torch::Tensor pg_loss1 = -mb_advantages * ratio;
        torch::Tensor pg_loss2 = -mb_advantages * torch::clamp(ratio, 1 - m_clip_coef, 1 + m_clip_coef);
        torch::Tensor pg_loss = torch::max(pg_loss1, pg_loss2).mean();

        torch::Tensor newvalue = newout.value.view(-1);
        torch::Tensor v_loss = 0.5f * (newvalue - b_returns.index({mb_inds})).pow(2).mean();
        torch::Tensor entropy_loss = newout.entropy.mean();

        torch::Tensor loss = pg_loss - m_ent_coef * entropy_loss + v_loss * m_vf_coef;

        // Backprop
        m_optimizer->zero_grad();
        loss.backward();
        // Global gradient clipping specific to PPO
        torch::nn::utils::clip_grad_norm_(m_agent->parameters(), m_max_grad_norm);
        m_optimizer->step();
        m_last_loss = loss.item<double>();
      }
    }
    if (update % 6 == 0) {
      std::cout << "update " << update << " loss " << m_last_loss << std::endl;
    }
  }
}

double PPO_Discrete::evaluate(int64_t episodes, uint32_t seed) {
  torch::NoGradGuard no_grad;
  LineWorld env(seed);
  int64_t successes = 0;
  for (int64_t ep = 0; ep < episodes; ++ep) {
    std::vector<float> obs = env.reset();
    bool done = false;
    float reward = 0.0f;
    while (!done) {
      torch::Tensor x = torch::tensor(obs).unsqueeze(0).to(*m_device);
      torch::Tensor mask = torch::tensor(env.actionMask()).unsqueeze(0).to(*m_device);
      int64_t action = m_agent->greedyAction(x, mask).item<int64_t>();
      obs = env.step(action, reward, done);
    }
    if (reward > 0.0f) ++successes;
  }
  return static_cast<double>(successes) / static_cast<double>(episodes);
}
