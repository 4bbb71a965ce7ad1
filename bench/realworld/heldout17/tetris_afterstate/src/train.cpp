#include <algorithm>
#include <iostream>
#include <iterator>

#include "train.hpp"

TrainResult train(const std::shared_ptr<DQN> &model, torch::Device device) {
  TrainResult result;
  std::mt19937 gen(123);
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(learning_rate));
  torch::nn::MSELoss criterion;
  TetrisForAI env(2024);
  env.reset();
  torch::Tensor state = env.get_state_prperties(0);
  ReplayBuffer replaybuffer;

  int epoch = 0;
  while (epoch < epochs) {
    auto next_steps = env.get_next_states();
    if (next_steps.empty()) {  // nothing fits any more
      if (!replaybuffer.empty()) replaybuffer.back().done = true;
      env.reset();
      state = env.get_state_prperties(0);
      continue;
    }

    float epsilon = final_epsilon + (std::max(decay_epochs - epoch, 0) * (initial_epsilon - final_epsilon) / decay_epochs);
    std::uniform_real_distribution<> dis(0.0, 1.0);
    bool random_action = dis(gen) <= epsilon;

    std::vector<Action> next_actions;
    std::vector<State> next_states;
    for (const auto &S : next_steps) {
      next_actions.emplace_back(S.first);
      next_states.emplace_back(S.second);
    }
    auto next_states_tensor = torch::stack(next_states).to(device);

    model->eval();
    torch::Tensor predictions;
    {
      torch::NoGradGuard no_grad;
      predictions = model->forward(next_states_tensor).squeeze(1);
    }
    model->train();
    int index;
    if (random_action) {
      std::uniform_int_distribution<int> uniform(0, static_cast<int>(next_steps.size()) - 1);
      index = uniform(gen);
    } else {
      index = predictions.argmax().item<int>();
    }
    State next_state = next_states_tensor[index];
    Action action = next_actions[index];

    auto game_result = env.step(action);
    auto reward = game_result.first;
    auto done = game_result.second;

    replaybuffer.push_back(Exp(state, reward, next_state, done));
    if (done) {
      env.reset();
      state = env.get_state_prperties(0).to(device);
    } else {
      state = next_state;
      continue;
    }
    if (replaybuffer.size() < static_cast<size_t>(replaybuffer_maxsize / 10)) {
      continue;
    }
    while (replaybuffer.size() > static_cast<size_t>(replaybuffer_maxsize)) {
      replaybuffer.erase(replaybuffer.begin());
    }
    epoch += 1;
    ReplayBuffer batch;
    std::sample(replaybuffer.begin(), replaybuffer.end(), std::back_inserter(batch), batch_size, gen);
    std::vector<State> state_batch;
    std::vector<torch::Tensor> reward_batch;
    std::vector<State> next_state_batch;
    std::vector<bool> done_batch;
    for (const auto &e : batch) {
      state_batch.emplace_back(e.state.to(device));
      reward_batch.emplace_back(torch::tensor(static_cast<float>(e.reward), torch::TensorOptions().device(device)));
      next_state_batch.emplace_back(e.next_state.to(device));
      done_batch.emplace_back(e.done);
    }
    auto state_batch_tensor = torch::stack(state_batch);
    auto reward_batch_tensor = torch::stack(reward_batch).unsqueeze(1);
    auto next_state_batch_tensor = torch::stack(next_state_batch);

    auto q_values = model->forward(state_batch_tensor);
    model->eval();
    torch::Tensor next_prediction_batch;
    {
      torch::NoGradGuard no_grad;
      next_prediction_batch = model->forward(next_state_batch_tensor);
    }
    model->train();

    std::vector<torch::Tensor> y_batch_data;
    for (size_t i = 0; i < reward_batch.size(); i++) {
      if (done_batch[i]) {
        y_batch_data.push_back(reward_batch_tensor[i]);
      } else {
        y_batch_data.push_back(reward_batch_tensor[i] + (_gamma * next_prediction_batch[i].max()));
      }
    }

    torch::Tensor y_batch = torch::stack(y_batch_data);
    y_batch = y_batch.view_as(q_values);
    optimizer.zero_grad();
    torch::Tensor loss = criterion(q_values, y_batch);
    loss.backward();
    optimizer.step();

    result.final_loss = loss.item<float>();
    result.steps = epoch;
    if (epoch % 50 == 0) {
      std::cout << "Epoch: " << epoch << "/" << epochs << ", Loss: " << result.final_loss
                << ", buffer " << replaybuffer.size() << std::endl;
    }
  }
  return result;
}
