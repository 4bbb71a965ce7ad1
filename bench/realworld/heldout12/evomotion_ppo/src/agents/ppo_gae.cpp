//
// PPO with generalized advantage estimation.
//

#include <algorithm>
#include <numeric>

#include <evo_motion_networks/agents/ppo_gae.h>
#include <evo_motion_networks/functions.h>

PpoGaeAgent::PpoGaeAgent(
    const int seed, const std::vector<int64_t> &state_space,
    const std::vector<int64_t> &action_space, int hidden_size, const float gamma, const float lam,
    const float epsilon, const float entropy_factor, const float critic_loss_factor,
    const int epoch, const int batch_size, float learning_rate, float clip_grad_norm)
    : actor(std::make_shared<ActorModule>(state_space, action_space, hidden_size)),
      actor_optimizer(std::make_shared<torch::optim::Adam>(actor->parameters(), learning_rate)),
      critic(std::make_shared<CriticModule>(state_space, hidden_size)),
      critic_optimizer(std::make_shared<torch::optim::Adam>(critic->parameters(), learning_rate)),
      gamma(gamma), lambda(lam), epsilon(epsilon), epoch(epoch), entropy_factor(entropy_factor),
      critic_loss_factor(critic_loss_factor), clip_grad_norm(clip_grad_norm), curr_train_step(0L),
      curr_episode_step(0L), global_curr_step(0L), batch_size(batch_size),
      replay_buffer(batch_size, seed), train_every(batch_size), last_actor_loss(0.f),
      last_critic_loss(0.f), curr_device(torch::kCPU) {

    at::manual_seed(seed);
}

torch::Tensor PpoGaeAgent::act(const torch::Tensor state, const float reward) {
    torch::NoGradGuard no_grad;
    set_eval(true);

    const auto [mu, sigma] = actor->forward(state.to(curr_device));
    const auto action = truncated_normal_sample(mu, sigma, -1.f, 1.f).cpu();

    if (replay_buffer.empty()) replay_buffer.new_trajectory();
    if (!replay_buffer.trajectory_empty()) replay_buffer.update_last(reward, false, state);
    replay_buffer.add({state, action.detach(), 0.f, false, state});

    curr_episode_step++;

    return action;
}

torch::Tensor PpoGaeAgent::act_deterministic(const torch::Tensor &state) {
    torch::NoGradGuard no_grad;
    set_eval(true);
    return actor->forward(state.to(curr_device)).mu.cpu();
}

void PpoGaeAgent::done(const torch::Tensor state, const float reward) {
    replay_buffer.update_last(reward, true, state);

    check_train();

    replay_buffer.new_trajectory();
    global_curr_step++;
    curr_episode_step = 0L;
}

void PpoGaeAgent::check_train() {
    if ((global_curr_step % train_every == train_every - 1)
        && replay_buffer.enough_trajectory(batch_size)) {

        const auto episodes = replay_buffer.sample(batch_size);

        std::vector<torch::Tensor> batch_vec_states, batch_vec_actions, batch_vec_rewards,
            batch_vec_done, batch_vec_next_states;

        int max_steps = 0;
        for (const auto &[trajectory]: episodes)
            max_steps = std::max(max_steps, static_cast<int>(trajectory.size()));

        for (const auto &[trajectory]: episodes) {
            std::vector<torch::Tensor> vec_states, vec_actions, vec_rewards, vec_done,
                vec_next_states;

            for (const auto &[state, action, reward, done, next_state]: trajectory) {
                vec_states.push_back(state);
                vec_actions.push_back(action);
                vec_rewards.push_back(torch::tensor({reward}));
                vec_done.push_back(torch::tensor({done ? 1.f : 0.f}));
                vec_next_states.push_back(next_state);
            }

            const int pad = max_steps - static_cast<int>(trajectory.size());

            batch_vec_states.push_back(torch::pad(torch::stack(vec_states), {0, 0, 0, pad}));
            batch_vec_actions.push_back(torch::pad(torch::stack(vec_actions), {0, 0, 0, pad}));
            batch_vec_rewards.push_back(torch::pad(torch::stack(vec_rewards), {0, 0, 0, pad}));
            batch_vec_done.push_back(
                torch::pad(torch::stack(vec_done), {0, 0, 0, pad}, "constant", 1.f));
            batch_vec_next_states.push_back(
                torch::pad(torch::stack(vec_next_states), {0, 0, 0, pad}));
        }

        train(
            torch::stack(batch_vec_states), torch::stack(batch_vec_actions),
            torch::stack(batch_vec_rewards), torch::stack(batch_vec_done),
            torch::stack(batch_vec_next_states));
    }
}

void PpoGaeAgent::train(
    const torch::Tensor &batched_states, const torch::Tensor &batched_actions,
    const torch::Tensor &batched_rewards, const torch::Tensor &batched_done,
    const torch::Tensor &batched_next_state) {

    set_eval(false);

    const auto states = batched_states.to(curr_device);
    const auto actions = batched_actions.to(curr_device);
    const auto rewards = batched_rewards.to(curr_device);
    const auto dones = batched_done.to(curr_device);
    const auto next_states = batched_next_state.to(curr_device);

    torch::Tensor curr_values, next_values, old_log_prob;
    {
        torch::NoGradGuard no_grad;
        curr_values = critic->forward(states).value;
        next_values = critic->forward(next_states).value;
        const auto [old_mu, old_sigma] = actor->forward(states);
        old_log_prob = truncated_normal_log_pdf(actions, old_mu, old_sigma, -1.f, 1.f);
    }

    const auto mask = torch::eq(
        torch::cat(
            {torch::ones({dones.size(0), 1, 1}, at::TensorOptions().device(curr_device)),
             torch::slice(1.f - dones, 1, 0, dones.size(1) - 1)},
            1),
        1.f);

    const auto deltas = rewards + (1.f - dones) * gamma * next_values - curr_values;

    auto gae_step = torch::zeros({states.size(0), 1}, at::TensorOptions().device(curr_device));
    std::vector<torch::Tensor> advantages_vec;

    for (int t = static_cast<int>(rewards.size(1)) - 1; t >= 0; t--) {
        gae_step = torch::select(deltas, 1, t) * torch::select(mask, 1, t)
                   + gamma * lambda * (1.f - torch::select(dones, 1, t)) * gae_step;
        advantages_vec.push_back(gae_step);
    }

    auto advantages = torch::stack(advantages_vec, 1).flip({1});
    const auto returns = advantages + curr_values;
    advantages = (advantages - torch::masked_select(advantages, mask).mean())
                 / (torch::masked_select(advantages, mask).std() + 1e-8f);

    for (int i = 0; i < epoch; i++) {
        const auto [mu, sigma] = actor->forward(states);
        const auto log_prob = truncated_normal_log_pdf(actions, mu, sigma, -1.f, 1.f);
        const auto entropy = truncated_normal_entropy(mu, sigma, -1.f, 1.f);

        const auto [value] = critic->forward(states);

        // actor
        const auto ratios = torch::exp(torch::sum(log_prob - old_log_prob, -1, true));

        const auto surrogate_1 = ratios * advantages;
        const auto surrogate_2 = torch::clamp(ratios, 1.f - epsilon, 1.f + epsilon) * advantages;

        const auto actor_loss = -torch::mean(torch::masked_select(
            torch::min(surrogate_1, surrogate_2) + entropy_factor * torch::sum(entropy, -1, true),
            mask));

        actor_optimizer->zero_grad();
        actor_loss.backward();
        torch::nn::utils::clip_grad_norm_(actor->parameters(), clip_grad_norm);
        actor_optimizer->step();

        // critic
        const auto critic_loss =
            critic_loss_factor
            * torch::mean(torch::masked_select(
                torch::mse_loss(value, returns, torch::Reduction::None), mask));

        critic_optimizer->zero_grad();
        critic_loss.backward();
        torch::nn::utils::clip_grad_norm_(critic->parameters(), clip_grad_norm);
        critic_optimizer->step();

        last_actor_loss = actor_loss.item().toFloat();
        last_critic_loss = critic_loss.item().toFloat();
    }

    curr_train_step++;
}

std::map<std::string, float> PpoGaeAgent::get_metrics() {
    return {{"actor_loss", last_actor_loss}, {"critic_loss", last_critic_loss}};
}

void PpoGaeAgent::to(torch::DeviceType device) {
    curr_device = device;
    actor->to(device);
    critic->to(device);
}

void PpoGaeAgent::set_eval(bool eval) {
    if (eval) {
        actor->eval();
        critic->eval();
    } else {
        actor->train();
        critic->train();
    }
}

int PpoGaeAgent::count_parameters() {
    int count = 0;
    for (const auto &p: actor->parameters()) {
        auto sizes = p.sizes();
        count += std::accumulate(sizes.begin(), sizes.end(), 1, std::multiplies<>());
    }
    for (const auto &p: critic->parameters()) {
        auto sizes = p.sizes();
        count += std::accumulate(sizes.begin(), sizes.end(), 1, std::multiplies<>());
    }
    return count;
}

long PpoGaeAgent::train_steps() const { return curr_train_step * epoch; }
