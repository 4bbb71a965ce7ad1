#pragma once

#include <tuple>
#include <utility>
#include <vector>

#include "common.h"

class Gomoku {
 public:
  using move_type = int;
  using board_type = std::vector<std::vector<int>>;

  Gomoku(unsigned int n, unsigned int n_in_row, int first_color);

  bool has_legal_moves();
  std::vector<int> get_legal_moves();
  void execute_move(move_type move);
  std::pair<int, int> get_game_status();  // (ended, winner color; 0 for a draw)
  void display() const;

  inline unsigned int get_action_size() const { return this->n * this->n; }
  inline board_type get_board() const { return this->board; }
  inline int get_last_move() const { return this->last_move; }
  inline int get_current_color() const { return this->cur_color; }
  inline unsigned int get_n() const { return this->n; }

 private:
  bool wins_through(int move) const;

  board_type board;      // 0 empty, 1 black, -1 white
  unsigned int n;        // board size
  unsigned int n_in_row; // stones in a row to win
  int cur_color;         // the color to move
  int last_move;         // last move, -1 before the first
  int moves_played;
};
