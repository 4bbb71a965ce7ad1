#include "monte_carlo_tree_search.h"

#include <cmath>
#include <limits>
#include <numeric>

Node::Node(float prior, int toPlay, int action)
    : to_play_(toPlay), action_(action), prior_(prior) {}

void Node::Expand(const std::vector<int>& state, int to_play,
                  const std::vector<float>& action_probs) {
  to_play_ = to_play;
  state_ = state;
  for (size_t a = 0; a < action_probs.size(); ++a) {
    if (action_probs[a] != 0) {
      children_.push_back(std::make_unique<Node>(action_probs[a], -to_play, static_cast<int>(a)));
    }
  }
}

bool Node::IsExpanded() { return !children_.empty(); }

float Node::GetValue() {
  if (visit_count_ == 0) return 0;
  return value_sum_ / visit_count_;
}

int Node::SelectAction(float temperature, std::mt19937& rng) {
  if (temperature == 0) {
    int best = -1, best_visits = -1;
    for (auto&& child : children_) {
      if (child->visit_count_ > best_visits) {
        best_visits = child->visit_count_;
        best = child->action_;
      }
    }
    return best;
  }
  std::vector<double> weights;
  for (auto&& child : children_) {
    weights.push_back(std::pow(child->visit_count_, 1.0 / temperature));
  }
  std::discrete_distribution<int> dist(weights.begin(), weights.end());
  return children_[dist(rng)]->action_;
}

float Node::UcbScore_(Node* parent, Node* child) {
  float prior_score = child->prior_ * std::sqrt(static_cast<float>(parent->visit_count_)) /
                      (child->visit_count_ + 1);
  float value_score = 0;
  if (child->visit_count_ > 0) {
    // the value of the child is from the perspective of the opposing player
    value_score = -child->GetValue();
  }
  return value_score + prior_score;
}

Node* Node::SelectChild() {
  float best_score = -std::numeric_limits<float>::infinity();
  Node* best = nullptr;
  for (auto&& child : children_) {
    float score = UcbScore_(this, child.get());
    if (score > best_score) {
      best_score = score;
      best = child.get();
    }
  }
  return best;
}

MCTS::MCTS(ConnectXGame& game, Connect2Model& model) : game_(game), model_(model) {}

std::vector<float> MCTS::MaskInvalidMovesAndNormalize(std::vector<float>& action_probs,
                                                      const std::vector<int>& valid_moves) {
  float sum = 0;
  for (size_t a = 0; a < action_probs.size(); ++a) {
    action_probs[a] *= valid_moves[a];
    sum += action_probs[a];
  }
  for (auto& p : action_probs) p /= (sum + 1e-8f);
  return action_probs;
}

void MCTS::Backup(const std::vector<Node*>& search_path, float value, int to_play) {
  for (auto it = search_path.rbegin(); it != search_path.rend(); ++it) {
    (*it)->AccumulateValue((*it)->GetPlayerId() == to_play ? value : -value);
    (*it)->IncrementVisitCount();
  }
}

std::unique_ptr<Node> MCTS::Run(std::vector<int>& state, int to_play, int num_simulations) {
  auto root = std::make_unique<Node>(0, to_play, -1);

  auto valid_moves = game_.GetValidMoves(state);
  auto prediction = model_.predict(state, valid_moves);
  auto action_probs = MaskInvalidMovesAndNormalize(prediction.probs, valid_moves);
  root->Expand(state, to_play, action_probs);

  for (int sim = 0; sim < num_simulations; ++sim) {
    Node* node = root.get();
    std::vector<Node*> search_path{node};
    int action = -1;

    while (node->IsExpanded()) {
      node = node->SelectChild();
      action = node->GetAction();
      search_path.push_back(node);
    }

    Node* parent = search_path[search_path.size() - 2];
    auto parent_state = parent->GetState();
    // the parent's board is canonical: the player to move is always 1
    auto next = game_.GetNextState(parent_state, 1, action);
    auto next_state = game_.GetCanonicalBoard(next.board, -1);

    float value;
    auto reward = game_.GetRewardForPlayer(next_state, 1);
    if (!reward.has_value()) {
      auto next_valid = game_.GetValidMoves(next_state);
      auto pred = model_.predict(next_state, next_valid);
      auto probs = MaskInvalidMovesAndNormalize(pred.probs, next_valid);
      value = pred.value;
      node->Expand(next_state, parent->GetPlayerId() * -1, probs);
    } else {
      value = static_cast<float>(reward.value());
    }

    Backup(search_path, value, parent->GetPlayerId() * -1);
  }
  return root;
}
