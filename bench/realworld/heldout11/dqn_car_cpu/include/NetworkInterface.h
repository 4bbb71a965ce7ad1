#pragma once

#include <torch/torch.h>
#include "Dqnet.h"
#include "ReplayMemory.h"

class NetworkInterface
{
public:
	NetworkInterface(int32_t numStates, int32_t numActions, float gamma, float learningRate);
	~NetworkInterface();

	void Init();

	void Train(const Experience& sample);

	// copies the policy net's parameters into the target net
	void CloneModel();

	inline Dqnet GetPolicyNet() const { return m_PolicyNet; }
	inline Dqnet GetTargetNet() const { return m_TargetNet; }
	inline float GetLoss() const { return m_Loss.defined() ? m_Loss.item<float>() : 0.0f; }

private:
	Dqnet m_PolicyNet;
	Dqnet m_TargetNet;

	torch::optim::RMSprop m_Optimizer;

	float m_Gamma = 0.99f;

	torch::Tensor m_Loss;
};
