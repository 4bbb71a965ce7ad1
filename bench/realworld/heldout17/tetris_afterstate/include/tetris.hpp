#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

struct Shape {
  Shape() = default;
  Shape(const char &name, const std::vector<std::pair<int, int>> &cells, int rotations)
      : _name(name), _cells(cells), _rotations(rotations) {}
  char getName() const { return _name; }
  const std::vector<std::pair<int, int>> &getCells() const { return _cells; }  // (x, y)
  int getRotations() const { return _rotations; }

 private:
  char _name = '?';
  std::vector<std::pair<int, int>> _cells;
  int _rotations = 1;
};
using Shapes = std::vector<Shape>;

struct Coords {
  int x, y;
};

class Tetris {
 public:
  static const std::uint32_t lines{20};
  static const std::uint32_t cols{10};
  static const std::uint32_t squares{4};
  static const std::uint32_t scores{100};
  const Shapes shapes = {
      {'I', {{0, 0}, {1, 0}, {2, 0}, {3, 0}}, 2},
      {'Z', {{0, 0}, {1, 0}, {1, 1}, {2, 1}}, 2},
      {'S', {{1, 0}, {2, 0}, {0, 1}, {1, 1}}, 2},
      {'T', {{0, 0}, {1, 0}, {2, 0}, {1, 1}}, 4},
      {'L', {{0, 0}, {1, 0}, {2, 0}, {0, 1}}, 4},
      {'J', {{0, 0}, {1, 0}, {2, 0}, {2, 1}}, 4},
      {'O', {{0, 0}, {1, 0}, {0, 1}, {1, 1}}, 1},
  };

  std::vector<std::vector<std::uint32_t>> area;  // [lines][cols], row 0 on top

  Coords z[squares];
  Shape curShape;
  int color = 1;
  int score = 0;
  bool gameover = false;
  int cleared_lines = 0;
  int shape_num = 0;

  explicit Tetris(std::uint64_t seed = 1);
  virtual ~Tetris() = default;

  virtual void reset();
  void UpdateNewShape();
  // Cells of the current shape rotated r quarter turns, shifted so min x = min y = 0.
  std::vector<Coords> rotated(int r) const;
  bool fits(const std::vector<Coords> &cells, int x, int y) const;
  // Drops the rotated shape at column x; false when it does not fit at the top.
  bool drop(int r, int x);
  int setScore();  // clears full lines, returns their number

 protected:
  std::mt19937 rng;
};
