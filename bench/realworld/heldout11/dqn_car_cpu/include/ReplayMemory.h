#pragma once

#include <torch/torch.h>
#include <random>
#include <vector>

struct Experience
{
	Experience() = default;
	Experience(torch::Tensor state, torch::Tensor action, torch::Tensor nextState,
		torch::Tensor reward, torch::Tensor done, torch::Tensor blocked)
		: State(state), Action(action), NextState(nextState), Reward(reward), Done(done), Blocked(blocked) {}

	torch::Tensor State;
	torch::Tensor Action;    // int64, for gather()
	torch::Tensor NextState;
	torch::Tensor Reward;
	torch::Tensor Done;      // 1 when the episode ended at NextState
	torch::Tensor Blocked;   // actions of NextState that would hit the wall at once
};

class ReplayMemory
{
public:
	ReplayMemory(uint64_t capacity, int32_t numStates, int32_t numActions);
	~ReplayMemory();

	void Push(const Experience& exp);
	Experience Sample(int32_t batchSize);

	uint64_t GetMemorySize() const { return m_Memory.size(); }

private:
	uint64_t m_Capacity;
	int32_t m_NumStates;
	int32_t m_NumActions;
	uint64_t m_PushCount = 0;
	std::vector<Experience> m_Memory;
	std::mt19937 m_Generator;
};
