//
// NoGo on a 9x9 board (simplified legality: an empty point with an empty neighbour).
//

#ifndef EXAMPLE_APP_NOGO_H
#define EXAMPLE_APP_NOGO_H

#include <random>
#include <torch/torch.h>

struct Position
{
    at::Tensor state;   // [1, kStateChannels, kN, kN]
    at::Tensor policy;  // [kActionDim] target move distribution
    at::Tensor legal;   // [kActionDim] bool
    float value;        // +1 / 0 / -1 for the player to move
};

class NoGo
{
public:
    static constexpr int kN = 9;
    static constexpr int kActionDim = kN * kN;
    static constexpr int kStateChannels = 4;

    // A random mid-game position and the training targets of an expert stand-in.
    Position random_position(std::mt19937 &rng) const;
    int get_n() const { return n; }

private:
    int n = kN;
};

#endif //EXAMPLE_APP_NOGO_H
