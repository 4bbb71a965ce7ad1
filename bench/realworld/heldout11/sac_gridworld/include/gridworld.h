
#ifndef GRIDWORLD_H
#define GRIDWORLD_H

#include <torch/torch.h>
#include <random>

/// A small grid: start in a random cell, reach the bottom-right corner.
class GridWorld
{
    public:
        static constexpr int kWidth = 5;
        static constexpr int kHeight = 5;
        /// one-hot position of the agent
        static constexpr int kStateSize = kWidth * kHeight;
        static constexpr int kMaxSteps = 25;

        GridWorld(unsigned seed = 0);

        /// Reset the agent to a random cell (not the goal)
        void reset();

        /// Do an action (0 up, 1 left, 2 down, 3 right) and return the reward
        double doAction(int action);

        bool isTerminated() const;
        bool reachedGoal() const { return x == kWidth - 1 && y == kHeight - 1; }
        int getSteps() const { return steps; }

        /// one-hot state tensor
        torch::Tensor getState() const;

    private:
        int x = 0;
        int y = 0;
        int steps = 0;
        std::mt19937 gen;
};

#endif
