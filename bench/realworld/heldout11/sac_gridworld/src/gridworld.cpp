#include <torch/torch.h>
#include "gridworld.h"

GridWorld::GridWorld(unsigned seed) : gen(seed) {
    reset();
}

void GridWorld::reset(){
    std::uniform_int_distribution<int> cell(0, kWidth * kHeight - 2);
    int c = cell(gen);
    x = c % kWidth;
    y = c / kWidth;
    steps = 0;
}

double GridWorld::doAction(int action){
    int nx = x, ny = y;
    switch(action){
        case 0: ny -= 1; break;
        case 1: nx -= 1; break;
        case 2: ny += 1; break;
        default: nx += 1; break;
    }
    steps++;
    double reward = -0.05;
    if (nx < 0 || ny < 0 || nx >= kWidth || ny >= kHeight){
        reward -= 0.1;   // bumped into the wall
    } else {
        // progress towards the goal
        int before = (kWidth - 1 - x) + (kHeight - 1 - y);
        int after = (kWidth - 1 - nx) + (kHeight - 1 - ny);
        reward += 0.1 * (before - after);
        x = nx;
        y = ny;
    }
    if (reachedGoal())
        reward += 1.0;
    return reward;
}

bool GridWorld::isTerminated() const {
    return reachedGoal() || steps >= kMaxSteps;
}

torch::Tensor GridWorld::getState() const {
    auto state = torch::zeros({kStateSize});
    state[y * kWidth + x] = 1.0;
    return state;
}
