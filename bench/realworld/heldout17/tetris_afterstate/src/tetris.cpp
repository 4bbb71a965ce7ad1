#include "tetris.hpp"

#include <algorithm>

const std::uint32_t Tetris::lines;
const std::uint32_t Tetris::cols;
const std::uint32_t Tetris::squares;
const std::uint32_t Tetris::scores;

Tetris::Tetris(std::uint64_t seed) : rng(static_cast<std::mt19937::result_type>(seed)) {
  area.assign(lines, std::vector<std::uint32_t>(cols, 0));
  UpdateNewShape();
}

void Tetris::reset() {
  for (auto &row : area) std::fill(row.begin(), row.end(), 0);
  score = 0;
  cleared_lines = 0;
  shape_num = 0;
  gameover = false;
  UpdateNewShape();
}

void Tetris::UpdateNewShape() {
  std::uniform_int_distribution<int> pick(0, static_cast<int>(shapes.size()) - 1);
  const int n = pick(rng);
  curShape = shapes[n];
  color = n + 1;
  ++shape_num;
  const auto &cells = curShape.getCells();
  for (std::uint32_t i = 0; i < squares; ++i) z[i] = {cells[i].first, cells[i].second};
}

std::vector<Coords> Tetris::rotated(int r) const {
  std::vector<Coords> out;
  for (const auto &c : curShape.getCells()) out.push_back({c.first, c.second});
  for (int k = 0; k < r; ++k) {
    for (auto &c : out) c = {-c.y, c.x};
  }
  int minx = out[0].x, miny = out[0].y;
  for (const auto &c : out) {
    minx = std::min(minx, c.x);
    miny = std::min(miny, c.y);
  }
  for (auto &c : out) {
    c.x -= minx;
    c.y -= miny;
  }
  return out;
}

bool Tetris::fits(const std::vector<Coords> &cells, int x, int y) const {
  for (const auto &c : cells) {
    const int cx = c.x + x, cy = c.y + y;
    if (cx < 0 || cx >= static_cast<int>(cols) || cy >= static_cast<int>(lines)) return false;
    if (cy >= 0 && area[cy][cx] != 0) return false;
  }
  return true;
}

bool Tetris::drop(int r, int x) {
  const auto cells = rotated(r);
  if (!fits(cells, x, 0)) return false;
  int y = 0;
  while (fits(cells, x, y + 1)) ++y;
  for (const auto &c : cells) area[c.y + y][c.x + x] = static_cast<std::uint32_t>(color);
  for (std::uint32_t i = 0; i < squares; ++i) z[i] = {cells[i].x + x, cells[i].y + y};
  return true;
}

int Tetris::setScore() {
  int cleared = 0;
  for (int row = static_cast<int>(lines) - 1; row >= 0;) {
    bool full = std::all_of(area[row].begin(), area[row].end(), [](std::uint32_t v) { return v != 0; });
    if (full) {
      area.erase(area.begin() + row);
      area.insert(area.begin(), std::vector<std::uint32_t>(cols, 0));
      ++cleared;
    } else {
      --row;
    }
  }
  cleared_lines += cleared;
  score += cleared * static_cast<int>(scores);
  return cleared;
}
