#pragma once
#include <torch/torch.h>
#include <array>
#include <random>

// Connect 4 against a random opponent; the agent always plays +1.
class Connect4 {
public:
    explicit Connect4(unsigned seed);
    torch::Tensor reset();
    // returns (next state, reward, done)
    std::tuple<torch::Tensor, float, bool> step(int action);
    torch::Tensor legal_mask() const;   // [COLS] bool
    torch::Tensor state() const;        // [STATE_SIZE]
    int heuristic_move() const;         // win if possible, else block, else centre-most
private:
    bool drop(int col, int player);
    bool wins(int player) const;
    bool full() const;
    std::array<std::array<int, 7>, 6> board{};
    std::mt19937 rng;
};
