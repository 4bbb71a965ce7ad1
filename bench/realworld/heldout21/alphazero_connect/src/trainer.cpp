#include "trainer.h"

#include <algorithm>
#include <iostream>
#include <numeric>

std::vector<Example> Trainer::ExecuteEpisode() {
  std::vector<Example> train_examples;
  int current_player = 1;
  auto state = this->game_.GetInitBoard();
  int move = 0;

  while (true) {
    auto canonical_board = this->game_.GetCanonicalBoard(state, current_player);
    auto mcts = MCTS(this->game_, this->model_);
    auto root = mcts.Run(canonical_board, /*to_play=*/1, this->num_simulations_);

    auto action_probs = std::vector<float>(this->game_.GetActionSize(), 0);
    for (auto&& child : root->children_) {
      action_probs[child->GetAction()] = child->GetVisitCount();
    }

    // Normalize visit counts into probability distribution
    const float kEps = 1e-9;
    float sum_of_valid_probs =
        std::accumulate(action_probs.begin(), action_probs.end(), 0.0) + kEps;
    std::transform(action_probs.begin(), action_probs.end(), action_probs.begin(),
                   [&sum_of_valid_probs](float prob) -> float {
                     return prob / sum_of_valid_probs;
                   });

    // Adding default reward of zero for now. Once the game completes,
    // we will correct the example with the correct reward
    train_examples.push_back({canonical_board, current_player, action_probs,
                              this->game_.GetValidMoves(canonical_board), 0});

    // explore during the first moves, then play the most visited move
    auto action = root->SelectAction(/*temperature=*/move < 4 ? 1.0f : 0.0f, rng_);
    auto state_and_player = game_.GetNextState(state, current_player, action);
    state = state_and_player.board;
    current_player = state_and_player.player;
    ++move;

    auto reward = this->game_.GetRewardForPlayer(state, current_player);

    if (reward.has_value()) {
      for (auto& example : train_examples) {
        example.reward = reward.value() * ((example.current_player == current_player) * 1 +
                                           (example.current_player != current_player) * -1);
      }
      return train_examples;
    }
  }
}

double Trainer::Learn() {
  double last_loss = 0.0;
  for (uint32_t i = 0; i < training_iterations_; ++i) {
    std::cout << i << "/" << training_iterations_ << std::endl;

    std::vector<Example> training_examples;

    for (uint32_t episode = 0; episode < number_of_episodes_; ++episode) {
      auto iter_training_examples = this->ExecuteEpisode();
      training_examples.insert(training_examples.end(),
                               iter_training_examples.begin(),
                               iter_training_examples.end());
    }

    std::shuffle(training_examples.begin(), training_examples.end(), rng_);
    last_loss = this->Train(training_examples);
  }
  return last_loss;
}

double Trainer::Train(const std::vector<Example>& examples) {
  torch::optim::Adam optimizer(model_.parameters(), torch::optim::AdamOptions(5e-3));
  const int64_t board_size = model_._boardSize;
  const int64_t action_size = model_._actionSize;
  std::vector<double> pi_losses;
  std::vector<double> v_losses;

  for (uint32_t epoch = 0; epoch < epochs_; ++epoch) {
    model_.train();

    int64_t batch_idx = 0;

    while (batch_idx < static_cast<int64_t>(examples.size() / batch_size_)) {
      auto sample_ids = torch::randint(static_cast<int64_t>(examples.size()),
                                       {static_cast<int64_t>(batch_size_)}, torch::kLong);
      auto boards_cpu = torch::empty({static_cast<int64_t>(batch_size_), board_size});
      auto pis_cpu = torch::empty({static_cast<int64_t>(batch_size_), action_size});
      auto vs_cpu = torch::empty({static_cast<int64_t>(batch_size_)});
      auto valid_cpu = torch::empty({static_cast<int64_t>(batch_size_), action_size}, torch::kBool);
      for (int64_t b = 0; b < static_cast<int64_t>(batch_size_); ++b) {
        const auto& ex = examples[sample_ids[b].item<int64_t>()];
        for (int64_t k = 0; k < board_size; ++k) boards_cpu[b][k] = ex.canonical_board[k];
        for (int64_t a = 0; a < action_size; ++a) {
          pis_cpu[b][a] = ex.action_probs[a];
          valid_cpu[b][a] = ex.valid_moves[a] > 0;
        }
        vs_cpu[b] = ex.reward;
      }

      auto boards = boards_cpu.contiguous().to(model_._device);
      auto target_pis = pis_cpu.contiguous().to(model_._device);
      auto target_vs = vs_cpu.contiguous().to(model_._device);
      auto valid = valid_cpu.to(model_._device);

      // predict
      auto out = model_.forward(boards, valid);

      auto l_pi = GetProbabilityLoss(target_pis, out.action);
      auto l_v = GetValueLoss(target_vs, out.value);
      auto total_loss = l_pi + l_v;

      pi_losses.push_back(l_pi.item<double>());
      v_losses.push_back(l_v.item<double>());

      optimizer.zero_grad();
      total_loss.backward();
      optimizer.step();

      batch_idx += 1;
    }
  }

  const size_t tail = std::min<size_t>(pi_losses.size(), 8);
  double pi = 0.0, v = 0.0;
  for (size_t k = pi_losses.size() - tail; k < pi_losses.size(); ++k) {
    pi += pi_losses[k];
    v += v_losses[k];
  }
  pi /= tail;
  v /= tail;
  std::cout << "  examples " << examples.size() << ", policy loss " << pi
            << ", value loss " << v << std::endl;
  return pi + v;
}

torch::Tensor Trainer::GetProbabilityLoss(torch::Tensor targets,
                                          torch::Tensor outputs) {
  auto loss = -(targets * torch::log(outputs + 1e-8)).sum(1);
  return loss.mean();
}

torch::Tensor Trainer::GetValueLoss(torch::Tensor targets,
                                    torch::Tensor outputs) {
  // loss = torch.sum((targets-outputs.view(-1))**2)/targets.size()[0]
  auto loss = torch::sum((targets - outputs.view(-1)).pow(2)) / targets.size(0);
  return loss;
}
