#pragma once

#include <memory>
#include <random>
#include <vector>

#include "gomoku.h"

// Pure Monte Carlo tree search (uniform priors, random rollouts): the
// self-play teacher and the evaluation opponent.
class TreeNode {
 public:
  TreeNode(TreeNode *parent, double p_sa, int color, unsigned int action_size);
  ~TreeNode();

  unsigned int select(double c_puct) const;
  void expand(const std::vector<int> &legal_moves);
  void backup(int winner);
  double get_value(double c_puct, unsigned int parent_visits) const;
  inline bool get_is_leaf() const { return this->is_leaf; }

  std::vector<TreeNode *> children;
  TreeNode *parent;
  unsigned int n_visited;
  double q_sa;
  double p_sa;
  int color;  // the color that played the move into this node
  bool is_leaf;
  unsigned int action_size;
};

class MCTS {
 public:
  MCTS(unsigned int num_sims, double c_puct, unsigned int action_size, unsigned int seed);

  std::vector<double> get_action_probs(Gomoku *gomoku, double temp = 1.0);
  int get_best_action(Gomoku *gomoku);

 private:
  void simulate(Gomoku game, TreeNode *root);
  int rollout(Gomoku &game);

  unsigned int num_sims;
  double c_puct;
  unsigned int action_size;
  std::mt19937 rng;
};
