#include "gomoku.h"

#include <iostream>

Gomoku::Gomoku(unsigned int n, unsigned int n_in_row, int first_color)
    : n(n), n_in_row(n_in_row), cur_color(first_color), last_move(-1), moves_played(0) {
  this->board = std::vector<std::vector<int>>(n, std::vector<int>(n, 0));
}

std::vector<int> Gomoku::get_legal_moves() {
  std::vector<int> legal_moves(this->get_action_size(), 0);
  for (unsigned int i = 0; i < this->n; i++) {
    for (unsigned int j = 0; j < this->n; j++) {
      if (this->board[i][j] == 0) {
        legal_moves[i * this->n + j] = 1;
      }
    }
  }
  return legal_moves;
}

bool Gomoku::has_legal_moves() {
  return this->moves_played < static_cast<int>(this->n * this->n);
}

void Gomoku::execute_move(move_type move) {
  int i = move / this->n;
  int j = move % this->n;
  if (this->board[i][j] != 0) {
    throw std::runtime_error("execute_move: occupied point");
  }
  this->board[i][j] = this->cur_color;
  this->last_move = move;
  this->moves_played++;
  this->cur_color = -this->cur_color;
}

bool Gomoku::wins_through(int move) const {
  int i = move / this->n, j = move % this->n;
  int color = this->board[i][j];
  if (color == 0) return false;
  const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (auto &d : dirs) {
    unsigned int count = 1;
    for (int s = 1;; s++) {
      int a = i + s * d[0], b = j + s * d[1];
      if (a < 0 || b < 0 || a >= (int)n || b >= (int)n || board[a][b] != color) break;
      count++;
    }
    for (int s = 1;; s++) {
      int a = i - s * d[0], b = j - s * d[1];
      if (a < 0 || b < 0 || a >= (int)n || b >= (int)n || board[a][b] != color) break;
      count++;
    }
    if (count >= this->n_in_row) return true;
  }
  return false;
}

std::pair<int, int> Gomoku::get_game_status() {
  if (this->last_move >= 0 && this->wins_through(this->last_move)) {
    int i = this->last_move / this->n, j = this->last_move % this->n;
    return {1, this->board[i][j]};
  }
  if (!this->has_legal_moves()) {
    return {1, 0};
  }
  return {0, 0};
}

void Gomoku::display() const {
  for (unsigned int i = 0; i < this->n; i++) {
    for (unsigned int j = 0; j < this->n; j++) {
      char c = this->board[i][j] == BLACK ? 'x' : (this->board[i][j] == WHITE ? 'o' : '.');
      std::cout << c << ' ';
    }
    std::cout << '\n';
  }
}
