#include "NetworkInterface.h"

NetworkInterface::NetworkInterface(int32_t numStates, int32_t numActions, float gamma, float learningRate)
	:m_PolicyNet(numStates, numActions),
	m_TargetNet(numStates, numActions),
	m_Optimizer(m_PolicyNet->parameters(), torch::optim::RMSpropOptions(learningRate)),
	m_Gamma(gamma)
{
}

NetworkInterface::~NetworkInterface()
{
}

void NetworkInterface::Init()
{
	CloneModel();
	m_TargetNet->eval();
}

void NetworkInterface::Train(const Experience& sample)
{
	// we take the predicted Q-value of the action we performed (hence .gather())
	torch::Tensor qValue = m_PolicyNet->forward(sample.State).gather(1, sample.Action);	// predicted Q-value

	torch::autograd::GradMode::set_enabled(false); // so that targetQ does not gather gradients
	// actions that would steer into the wall at once are not bootstrapped from
	torch::Tensor qNext = m_TargetNet->forward(sample.NextState).masked_fill(sample.Blocked, -1e9);
	torch::Tensor qmax = std::get<0>(qNext.max(1, true));
	torch::Tensor targetQ = (1 - sample.Done) * qmax * m_Gamma + sample.Reward;	// target Q-value
	torch::autograd::GradMode::set_enabled(true);

	m_Loss = torch::smooth_l1_loss(qValue, targetQ);
	m_PolicyNet->zero_grad();
	m_Loss.backward();
	m_Optimizer.step();
}

void NetworkInterface::CloneModel()
{
	torch::NoGradGuard noGrad;
	auto policyParams = m_PolicyNet->named_parameters();
	auto targetParams = m_TargetNet->named_parameters();
	for (auto& kv : policyParams)
		targetParams[kv.key()].copy_(kv.value());
}
