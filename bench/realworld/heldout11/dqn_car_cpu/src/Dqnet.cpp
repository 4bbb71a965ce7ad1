#include "Dqnet.h"

constexpr int32_t g_HiddenLayer1 = 64;
constexpr int32_t g_HiddenLayer2 = 20;

DqnetImpl::DqnetImpl(int32_t numStates, int32_t numActions)
	:m_Linear1(torch::nn::LinearOptions(numStates, g_HiddenLayer1)),
	m_Linear2(torch::nn::LinearOptions(g_HiddenLayer1, g_HiddenLayer2)),
	m_ValueFc(torch::nn::LinearOptions(g_HiddenLayer2, kStreamHidden)),
	m_Value(torch::nn::LinearOptions(kStreamHidden, 1)),
	m_AdvFc(torch::nn::LinearOptions(g_HiddenLayer2, kStreamHidden)),
	m_Advantage(torch::nn::LinearOptions(kStreamHidden, numActions))
{
	register_module("m_Linear1", m_Linear1);
	register_module("m_Linear2", m_Linear2);
	register_module("m_ValueFc", m_ValueFc);
	register_module("m_Value", m_Value);
	register_module("m_AdvFc", m_AdvFc);
	register_module("m_Advantage", m_Advantage);
}

DqnetImpl::~DqnetImpl()
{
}

torch::Tensor DqnetImpl::forward(torch::Tensor x)
{
	x = torch::relu(m_Linear1(x));
	x = torch::relu(m_Linear2(x));
	auto value = m_Value(torch::relu(m_ValueFc(x)));
	auto advantage = m_Advantage(torch::relu(m_AdvFc(x)));
	return value + advantage - advantage.mean(1, true);
}
