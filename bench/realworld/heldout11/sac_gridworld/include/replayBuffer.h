
#ifndef REPLAY_BUFFER_H
#define REPLAY_BUFFER_H

#include <torch/torch.h>
#include <random>

class ReplayBuffer
{
    private:
        int sizeBuffer;
        int memoryIndex = 0;
        torch::Tensor stateMemory;
        torch::Tensor newStateMemory;
        torch::Tensor actionMemory;
        torch::Tensor rewardMemory;
        torch::Tensor terminalMemory;
        std::mt19937 gen;

    public:
        ReplayBuffer(int sizeBuffer, int stateSize, int actionSize);

        void storeTransition(torch::Tensor state, torch::Tensor action, double reward, torch::Tensor newState, bool done);

        int getMemoryIndex() const { return memoryIndex; }

        torch::Tensor sampleBufferIndex(int batchSize);
        torch::Tensor getIndexedStateMemory(const torch::Tensor &indexes) { return stateMemory.index_select(0, indexes); }
        torch::Tensor getIndexedNewStateMemory(const torch::Tensor &indexes) { return newStateMemory.index_select(0, indexes); }
        torch::Tensor getIndexedActionMemory(const torch::Tensor &indexes) { return actionMemory.index_select(0, indexes); }
        torch::Tensor getIndexedRewardMemory(const torch::Tensor &indexes) { return rewardMemory.index_select(0, indexes); }
        torch::Tensor getIndexedTerminalMemory(const torch::Tensor &indexes) { return terminalMemory.index_select(0, indexes); }
};

#endif
