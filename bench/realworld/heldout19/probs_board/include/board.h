#pragma once

#include <array>
#include <cstdint>
#include <vector>

// A gravity board game (four in a row) on 6 rows x 5 columns, in place of chess.
namespace game {

constexpr int kRows = 6;
constexpr int kCols = 5;
constexpr int kBoardSquares = kRows * kCols;
constexpr int kConnect = 4;

enum class GameResult { UNDECIDED, FIRST_WON, SECOND_WON, DRAW };

class Board {
public:
    Board();

    bool IsLegal(int col) const;
    std::vector<int> LegalMoves() const;
    int LandingRow(int col) const;       // row the stone falls to, -1 when full
    void Move(int col);                  // stone of the side to move
    bool IsFirstToMove() const { return plies_ % 2 == 0; }
    int Plies() const { return plies_; }
    int At(int row, int col) const { return cells_[row * kCols + col]; }  // 0 empty, 1 first, 2 second
    GameResult Result() const { return result_; }

private:
    std::array<int8_t, kBoardSquares> cells_;
    int plies_ = 0;
    GameResult result_ = GameResult::UNDECIDED;

    bool WinsAt(int row, int col) const;
};

using PositionHistory = std::vector<Board>;

// A game in progress, with every position so far.
class EnvPlayer {
public:
    explicit EnvPlayer(int n_max_episode_steps);

    const PositionHistory &History() const { return history_; }
    const Board &Last() const { return history_.back(); }
    void Move(int col);
    game::GameResult GameResult() const;

private:
    PositionHistory history_;
    int n_max_episode_steps_;
};

}  // namespace game
