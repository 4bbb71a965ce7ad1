#ifndef GRIDWORLD_H
#define GRIDWORLD_H

#include <torch/torch.h>
#include <random>
#include <vector>

constexpr int kWorldSize = 8;
constexpr int kNumActions = 4;

class GridWorld
{
public:
  explicit GridWorld(unsigned seed = 0);

  void reset();
  std::vector<float> getStateVector() const;
  // true for the moves that would leave the map or enter a wall
  std::vector<bool> illegalActions() const;
  void setTakenAction(int action);
  float transition();
  bool isTerminal() const;
  int getSize() const { return kWorldSize; }

private:
  bool isWall(int x, int y) const;
  int agentX = 0, agentY = 0, goalX = 0, goalY = 0;
  int takenAction = 0;
  std::mt19937 gen;
};

// Turns a batch of state vectors {B, 4} into images {B, 3, size, size}: walls, agent, goal.
class ToolsGW
{
public:
  torch::Tensor toRGBTensor(const torch::Tensor& batch) const;
  torch::Tensor illegalMask(const std::vector<std::vector<bool>>& illegal) const;
};

#endif // GRIDWORLD_H
