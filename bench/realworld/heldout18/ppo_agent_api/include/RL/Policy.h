#ifndef POLICY
#define POLICY

#include <vector>

#include "Environment/PytorchEnvironment.h"
#include "RL/Model.h"
#include "RL/ReplayBuffer.h"
#include "RL/StateModifier.h"

class AgentInterface{
public:
	AgentInterface(std::vector<PytorchEnvironmentPtr> env, ActorPtr actor, CriticPtr critic, StateModifierPtr state_modifier, double gamma, int steps, int batch_size);
	virtual ~AgentInterface() = default;

	ReplayBuffer get_replay_buffer(bool render);
	virtual void train(int train_step, torch::Device device, bool render) = 0;
	torch::Tensor next_action(const torch::Tensor &state);
	torch::Tensor next_action_nodist(const torch::Tensor &state);
	void to(torch::Device dev);

	std::vector<PytorchEnvironmentPtr> env;
	ActorPtr actor;
	CriticPtr critic;
	StateModifierPtr state_modifier;
	double gamma;
	int steps, batch_size;
	torch::Tensor zero_state;
	double max_score;
	int episodes, total_tuple;
	double last_loss = 0.0;
	double last_score = 0.0;
};

using AgentInterfacePtr = std::shared_ptr<AgentInterface>;

class PPOAgent : public AgentInterface{
public:
	PPOAgent(std::vector<PytorchEnvironmentPtr> env, ActorPtr actor, CriticPtr critic, StateModifierPtr state_modifier, double gamma, double lamda, int steps, int batch_size);
	void train(int train_step, torch::Device device, bool render) override;
	double lamda;
};

#endif
