#include <torch/torch.h>
#include "replayBuffer.h"

ReplayBuffer::ReplayBuffer(int sizeBuffer, int stateSize, int actionSize)
    : sizeBuffer(sizeBuffer),
      stateMemory(torch::zeros({sizeBuffer, stateSize})),
      newStateMemory(torch::zeros({sizeBuffer, stateSize})),
      actionMemory(torch::zeros({sizeBuffer, actionSize})),
      rewardMemory(torch::zeros({sizeBuffer})),
      terminalMemory(torch::zeros({sizeBuffer}, torch::kBool)),
      gen(5) {}

void ReplayBuffer::storeTransition(torch::Tensor state, torch::Tensor action, double reward, torch::Tensor newState, bool done){
    int index = memoryIndex % sizeBuffer;
    stateMemory[index] = state;
    newStateMemory[index] = newState;
    actionMemory[index] = action.reshape({-1});
    rewardMemory[index] = reward;
    terminalMemory[index] = done;
    memoryIndex++;
}

torch::Tensor ReplayBuffer::sampleBufferIndex(int batchSize){
    int maxMem = std::min(memoryIndex, sizeBuffer);
    std::uniform_int_distribution<int64_t> pick(0, maxMem - 1);
    std::vector<int64_t> indexes(batchSize);
    for (auto &i : indexes) i = pick(gen);
    return torch::tensor(indexes);
}
