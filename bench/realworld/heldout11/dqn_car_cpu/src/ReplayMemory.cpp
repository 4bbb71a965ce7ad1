#include "ReplayMemory.h"

#include <algorithm>

ReplayMemory::ReplayMemory(uint64_t capacity, int32_t numStates, int32_t numActions)
	:m_Capacity(capacity), m_NumStates(numStates), m_NumActions(numActions), m_Generator(3)
{
}

ReplayMemory::~ReplayMemory()
{
}

void ReplayMemory::Push(const Experience& exp)
{
	if (m_Memory.size() < m_Capacity)
		m_Memory.push_back(exp);
	else
		m_Memory[(m_PushCount % m_Capacity)] = exp;

	m_PushCount++;
}

Experience ReplayMemory::Sample(int32_t batchSize)
{
	torch::Tensor states     = torch::zeros({ batchSize, m_NumStates });
	torch::Tensor actions    = torch::zeros({ batchSize, 1 }, torch::kInt64); // int64 for torch::gather() index
	torch::Tensor nextStates = torch::zeros({ batchSize, m_NumStates });
	torch::Tensor rewards    = torch::zeros({ batchSize, 1 });
	torch::Tensor done       = torch::zeros({ batchSize, 1 });
	torch::Tensor blocked    = torch::zeros({ batchSize, m_NumActions }, torch::kBool);

	std::uniform_int_distribution<uint64_t> pick(0, m_Memory.size() - 1);
	for (int i = 0; i < batchSize; i++)
	{
		const Experience& e = m_Memory[pick(m_Generator)];
		states[i]     = e.State;
		actions[i]    = e.Action;
		nextStates[i] = e.NextState;
		rewards[i]    = e.Reward;
		done[i]       = e.Done;
		blocked[i]    = e.Blocked;
	}

	return Experience(states, actions, nextStates, rewards, done, blocked);
}
