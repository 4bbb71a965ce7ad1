#pragma once

#include <random>
#include <vector>

#include "common.h"
#include "mcts.h"

class SelfPlay {
 public:
  SelfPlay(MCTS *mcts, unsigned int seed);

  // plays `games` games against itself and appends every position: the board,
  // the search's visit distribution, the final result for the player to move,
  // that player's color and the last move
  int self_play_for_train(unsigned int games, customType::board_buff_type &board_buffer,
                          customType::p_buff_type &p_buffer, customType::v_buff_type &v_buffer,
                          std::vector<int> &col_buffer, std::vector<int> &last_move_buffer);

 private:
  MCTS *mcts;
  std::mt19937 rng;
};
