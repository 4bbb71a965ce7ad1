#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "train.hpp"

int TetrisForAI::get_holes(std::vector<int> *per_col) const {
  int num_holes = 0;
  for (std::uint32_t col = 0; col < cols; ++col) {
    std::uint32_t line = 0;
    while (line < lines && area[line][col] == 0) line++;
    int col_holes = 0;
    for (std::uint32_t i = line + 1; i < lines; i++) {
      if (area[i][col] == 0) col_holes++;
    }
    num_holes += col_holes;
    if (per_col) per_col->push_back(col_holes);
  }
  return num_holes;
}

std::pair<int, int> TetrisForAI::get_bumpiness_and_height(std::vector<int> *heights_out) const {
  int bumpiness = 0, height = 0;
  std::vector<int> heights(cols, 0);
  for (std::uint32_t col = 0; col < cols; ++col) {
    for (std::uint32_t i = 0; i < lines; ++i) {
      if (area[i][col] != 0) {
        heights[col] = static_cast<int>(lines - i);
        break;
      }
    }
    height += heights[col];
  }
  for (std::uint32_t i = 0; i + 1 < cols; ++i) bumpiness += std::abs(heights[i] - heights[i + 1]);
  if (heights_out) *heights_out = heights;
  return std::make_pair(bumpiness, height);
}

int TetrisForAI::get_wells() const {
  std::vector<int> heights;
  get_bumpiness_and_height(&heights);
  int deepest = 0;
  for (std::uint32_t c = 0; c < cols; ++c) {
    const int left = c == 0 ? static_cast<int>(lines) : heights[c - 1];
    const int right = c + 1 == cols ? static_cast<int>(lines) : heights[c + 1];
    deepest = std::max(deepest, std::min(left, right) - heights[c]);
  }
  return deepest;
}

State TetrisForAI::get_state_prperties(int lines_cleared) const {
  std::vector<int> heights, holes_per_col;
  const int holes = get_holes(&holes_per_col);
  const auto bh = get_bumpiness_and_height(&heights);

  BoardFeatures f;
  const float nl = static_cast<float>(lines);
  for (std::uint32_t c = 0; c < cols; ++c) {
    f.heights[c] = heights[c] / nl;
    f.holes_per_col[c] = holes_per_col[c] / nl;
  }
  f.lines_cleared = lines_cleared / 4.0f;
  f.holes = holes / 40.0f;
  f.bumpiness = bh.first / 40.0f;
  f.height = bh.second / 200.0f;
  f.wells = get_wells() / nl;
  return torch::from_blob(&f, {state_size}, torch::kFloat32).clone();
}

Mapping TetrisForAI::get_next_states() {
  Mapping states_map;
  const auto saved_area = area;
  const auto saved_lines = cleared_lines;
  const auto saved_score = score;
  for (int r = 0; r < curShape.getRotations(); ++r) {
    const auto cells = rotated(r);
    int width = 0;
    for (const auto &c : cells) width = std::max(width, c.x + 1);
    for (int x = 0; x + width <= static_cast<int>(cols); ++x) {
      if (!drop(r, x)) continue;
      const int cleared = setScore();
      states_map.insert(std::make_pair(std::make_pair(r, x), get_state_prperties(cleared)));
      area = saved_area;
      cleared_lines = saved_lines;
      score = saved_score;
    }
  }
  return states_map;
}

std::pair<int, bool> TetrisForAI::step(const Action &action) {
  if (!drop(action.first, action.second)) {
    gameover = true;
    return std::make_pair(-2, gameover);
  }
  const int lines_cleared = setScore();
  const int reward = 1 + static_cast<int>(std::pow(lines_cleared, 2)) * static_cast<int>(cols);
  // Blocks left in the two hidden top rows end the game, as do max_pieces pieces.
  for (std::uint32_t row = 0; row < 2; ++row) {
    for (std::uint32_t c = 0; c < cols; ++c) {
      if (area[row][c] != 0) gameover = true;
    }
  }
  UpdateNewShape();
  if (shape_num > max_pieces) gameover = true;
  return std::make_pair(reward, gameover);
}

void TetrisForAI::reset() { Tetris::reset(); }
