#pragma once

#include <torch/torch.h>
#include <cmath>
#include <random>
#include "Dqnet.h"

// epsilon-greedy action selection (header only)
class QAgent
{
public:
	QAgent(int32_t numActions, float start, float end, float decay)
		: m_Start(start), m_End(end), m_Decay(decay), m_NumActions(numActions),
		m_Generator(7), m_RandomNum(0, 1) {}

	torch::Tensor SelectAction(torch::Tensor& state, Dqnet policyNet) // select action during training
	{
		double rate = GetExplorationRate();
		s_CurrentStep++;
		if (rate > m_RandomNum(m_Generator))
			return torch::randint(0, m_NumActions, { 1 }, torch::kInt64);

		torch::NoGradGuard noGrad;
		return policyNet->forward(state.reshape({ 1, -1 })).argmax(1);
	}

	torch::Tensor SelectActionEval(torch::Tensor& state, Dqnet policyNet) // greedy, during evaluation
	{
		torch::NoGradGuard noGrad;
		return policyNet->forward(state.reshape({ 1, -1 })).argmax(1);
	}

	double GetExplorationRate() const
	{
		return m_End + (m_Start - m_End) * std::exp(-1.0 * s_CurrentStep * m_Decay);
	}

private:
	float m_Start;
	float m_End;
	float m_Decay;
	inline static int64_t s_CurrentStep = 0;
	int32_t m_NumActions;

	std::mt19937 m_Generator;
	std::uniform_real_distribution<float> m_RandomNum;
};
