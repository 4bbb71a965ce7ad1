#include "gridworld.h"
#include <cstdlib>

namespace
{
const int kDx[kNumActions] = {0, 1, 0, -1};
const int kDy[kNumActions] = {-1, 0, 1, 0};
}

GridWorld::GridWorld(unsigned seed) : gen(seed)
{
  reset();
}

bool GridWorld::isWall(int x, int y) const
{
  if (x < 0 || y < 0 || x >= kWorldSize || y >= kWorldSize)
    return true;
  // a wall across the middle of the map with a gap
  return y == kWorldSize / 2 && x != 1 && x != kWorldSize - 2;
}

void GridWorld::reset()
{
  std::uniform_int_distribution<int> pos(0, kWorldSize - 1);
  do { agentX = pos(gen); agentY = pos(gen); } while (isWall(agentX, agentY));
  // the goal sits in the bottom row; the agent starts anywhere else
  goalX = kWorldSize - 3;
  goalY = kWorldSize - 1;
  while (agentX == goalX && agentY == goalY)
  {
    agentX = pos(gen);
  }
}

std::vector<float> GridWorld::getStateVector() const
{
  return {float(agentX), float(agentY), float(goalX), float(goalY)};
}

std::vector<bool> GridWorld::illegalActions() const
{
  std::vector<bool> illegal(kNumActions);
  for (int a = 0; a < kNumActions; a++)
    illegal[a] = isWall(agentX + kDx[a], agentY + kDy[a]);
  return illegal;
}

void GridWorld::setTakenAction(int action)
{
  takenAction = action;
}

float GridWorld::transition()
{
  const int before = std::abs(goalX - agentX) + std::abs(goalY - agentY);
  const int nx = agentX + kDx[takenAction];
  const int ny = agentY + kDy[takenAction];
  if (!isWall(nx, ny))
  {
    agentX = nx;
    agentY = ny;
  }
  const int after = std::abs(goalX - agentX) + std::abs(goalY - agentY);
  // a small bonus for each step that brings the agent closer to the goal
  return isTerminal() ? 1.0f : -0.01f + 0.05f * float(before - after);
}

bool GridWorld::isTerminal() const
{
  return agentX == goalX && agentY == goalY;
}

torch::Tensor ToolsGW::toRGBTensor(const torch::Tensor& batch) const
{
  const int64_t n = batch.size(0);
  auto images = torch::zeros({n, 3, kWorldSize, kWorldSize});
  auto acc = images.accessor<float, 4>();
  auto states = batch.to(torch::kCPU).contiguous();
  auto st = states.accessor<float, 2>();
  for (int64_t b = 0; b < n; b++)
  {
    for (int x = 0; x < kWorldSize; x++)
      if (x != 1 && x != kWorldSize - 2)
        acc[b][0][kWorldSize / 2][x] = 1.0f;
    acc[b][1][int(st[b][1])][int(st[b][0])] = 1.0f;
    acc[b][2][int(st[b][3])][int(st[b][2])] = 1.0f;
  }
  return images;
}

torch::Tensor ToolsGW::illegalMask(const std::vector<std::vector<bool>>& illegal) const
{
  auto mask = torch::zeros({int64_t(illegal.size()), kNumActions}, torch::kBool);
  for (size_t i = 0; i < illegal.size(); i++)
    for (int a = 0; a < kNumActions; a++)
      mask[i][a] = bool(illegal[i][a]);
  return mask;
}
