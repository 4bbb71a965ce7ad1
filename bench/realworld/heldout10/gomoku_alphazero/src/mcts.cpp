#include "mcts.h"

#include <cmath>
#include <numeric>

TreeNode::TreeNode(TreeNode *parent, double p_sa, int color, unsigned int action_size)
    : children(action_size, nullptr),
      parent(parent),
      n_visited(0),
      q_sa(0),
      p_sa(p_sa),
      color(color),
      is_leaf(true),
      action_size(action_size) {}

TreeNode::~TreeNode() {
  for (auto child : this->children) {
    delete child;
  }
}

unsigned int TreeNode::select(double c_puct) const {
  double best_value = -1e300;
  unsigned int best_move = 0;
  for (unsigned int i = 0; i < this->children.size(); i++) {
    if (this->children[i] == nullptr) continue;
    double v = this->children[i]->get_value(c_puct, this->n_visited);
    if (v > best_value) {
      best_value = v;
      best_move = i;
    }
  }
  return best_move;
}

void TreeNode::expand(const std::vector<int> &legal_moves) {
  double count = std::accumulate(legal_moves.begin(), legal_moves.end(), 0.0);
  for (unsigned int i = 0; i < this->action_size; i++) {
    if (legal_moves[i] == 1) {
      this->children[i] = new TreeNode(this, 1.0 / count, -this->color, this->action_size);
    }
  }
  this->is_leaf = false;
}

void TreeNode::backup(int winner) {
  double value = winner == 0 ? 0.0 : (winner == this->color ? 1.0 : -1.0);
  this->n_visited++;
  this->q_sa += (value - this->q_sa) / this->n_visited;
  if (this->parent != nullptr) this->parent->backup(winner);
}

double TreeNode::get_value(double c_puct, unsigned int parent_visits) const {
  double u = c_puct * this->p_sa * std::sqrt((double)parent_visits) / (1 + this->n_visited);
  return this->q_sa + u;
}

MCTS::MCTS(unsigned int num_sims, double c_puct, unsigned int action_size, unsigned int seed)
    : num_sims(num_sims), c_puct(c_puct), action_size(action_size), rng(seed) {}

int MCTS::rollout(Gomoku &game) {
  auto legal = game.get_legal_moves();
  std::vector<int> empties;
  for (unsigned int i = 0; i < legal.size(); i++)
    if (legal[i]) empties.push_back(i);
  while (true) {
    auto status = game.get_game_status();
    if (status.first) return status.second;
    std::uniform_int_distribution<size_t> pick(0, empties.size() - 1);
    size_t k = pick(this->rng);
    game.execute_move(empties[k]);
    empties[k] = empties.back();
    empties.pop_back();
  }
}

void MCTS::simulate(Gomoku game, TreeNode *root) {
  TreeNode *node = root;
  while (!node->get_is_leaf()) {
    unsigned int move = node->select(this->c_puct);
    game.execute_move(move);
    node = node->children[move];
  }
  auto status = game.get_game_status();
  int winner;
  if (status.first) {
    winner = status.second;
  } else {
    node->expand(game.get_legal_moves());
    winner = this->rollout(game);
  }
  node->backup(winner);
}

std::vector<double> MCTS::get_action_probs(Gomoku *gomoku, double temp) {
  // the root's color is the player who moved last, so its children carry the player to move
  TreeNode root(nullptr, 1.0, -gomoku->get_current_color(), this->action_size);
  root.expand(gomoku->get_legal_moves());
  for (unsigned int i = 0; i < this->num_sims; i++) {
    this->simulate(*gomoku, &root);
  }

  std::vector<double> counts(this->action_size, 0.0);
  for (unsigned int i = 0; i < this->action_size; i++) {
    if (root.children[i]) counts[i] = root.children[i]->n_visited;
  }
  if (temp < 1e-3) {
    auto best = std::max_element(counts.begin(), counts.end()) - counts.begin();
    std::vector<double> probs(this->action_size, 0.0);
    probs[best] = 1.0;
    return probs;
  }
  double sum = 0.0;
  for (auto &c : counts) {
    c = std::pow(c, 1.0 / temp);
    sum += c;
  }
  for (auto &c : counts) c /= sum;
  return counts;
}

int MCTS::get_best_action(Gomoku *gomoku) {
  auto probs = this->get_action_probs(gomoku, 0.0);
  return std::max_element(probs.begin(), probs.end()) - probs.begin();
}
