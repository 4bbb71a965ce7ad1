#include "Environment/PytorchEnvironment.h"
#include "RL/Policy.h"

#include <cstring>
#include <iostream>

AgentInterfacePtr PPO_agent_with_param(std::vector<PytorchEnvironmentPtr> &env, std::vector<int> actor_size, double actor_lr, \
		std::vector<int> critic_size, double critic_lr, double critic_decay, double gamma, double lamda, int steps, int batch_size){
	int o_size = env[0]->observationSize;
	int a_size = env[0]->actionSize;
	actor_size.insert(actor_size.begin(), o_size); actor_size.insert(actor_size.end(), a_size);
	DeepNetworkPtr actor_network = DeepNetworkPtr(new DeepNetwork(actor_size));
	AdamPtr actor_opt = AdamPtr(new torch::optim::Adam(actor_network->parameters(), actor_lr));
	DistributionInterfacePtr dist = DistributionInterfacePtr(new GaussianDistribution(torch::ones(a_size) * 0.3));
	ActorPtr actor = ActorPtr(new Actor(actor_network, actor_opt, dist));

	critic_size.insert(critic_size.begin(), o_size); critic_size.insert(critic_size.end(), 1);
	DeepNetworkPtr critic_network = DeepNetworkPtr(new DeepNetwork(critic_size));
	torch::optim::AdamOptions critic_options(critic_lr); critic_options.weight_decay(critic_decay);
	AdamPtr critic_opt = AdamPtr(new torch::optim::Adam(critic_network->parameters(), critic_options));
	CriticPtr critic = CriticPtr(new Critic(critic_network, critic_opt));

	StateModifierPtr state_modifier = StateModifierPtr(new ClassicModifier(o_size));

	return AgentInterfacePtr(new PPOAgent(env, actor, critic, state_modifier, gamma, lamda, steps, batch_size));
}

void train(AgentInterfacePtr agent, int train_step, torch::Device device, bool render){
	for(int i = 0; i < train_step; i++){
		agent->train(5, device, render);
		printf("train fin\n");
	}
}

// Mean distance to the target at the end of greedy episodes (lower is better).
double demo(PytorchEnvironmentPtr env, AgentInterfacePtr agent, torch::Device device, int episodes){
	torch::NoGradGuard guard;
	agent->to(device);
	env->to(device);
	double total = 0.0;
	for(int e = 0; e < episodes; e++){
		torch::Tensor state = env->reset();
		while(1){
			torch::Tensor next_state, action; double reward; int done, tl;
			action = agent->next_action_nodist(state);
			env->step(action, next_state, reward, done, tl);
			state = next_state;
			if(done) break;
		}
		total += std::static_pointer_cast<ReacherEnvironment>(env)->last_distance();
	}
	return total / episodes;
}

static torch::Device device = torch::kCPU;
static int train_step = 6;
static int render = 0;
static int cpu = 4;

void ParseArgs(int argc, char *argv[]){
	for(int i = 0; i < argc; i++){
		if(strcmp(argv[i], "--train_step") == 0) train_step = atoi(argv[++i]);
		if(strcmp(argv[i], "--gpu") == 0){
			if(torch::cuda::is_available()) device = torch::kCUDA;
			else printf("CUDA is not available\n");
		}
	}
}

int main(int argc, char *argv[])
{
	torch::manual_seed(0);
	ParseArgs(argc, argv);

	std::vector<PytorchEnvironmentPtr> env;
	for(int i = 0; i < cpu; i++) env.push_back(PytorchEnvironmentPtr(new ReacherEnvironment(100 + i, device)));
	AgentInterfacePtr agent = PPO_agent_with_param(env, {100, 100}, 1e-3, {100, 100}, 1e-3, 1e-4, 0.9, 0.95, 512, 64);

	PytorchEnvironmentPtr test_env(new ReacherEnvironment(7, device));
	double before = demo(test_env, agent, device, 10);
	train(agent, train_step, device, render);
	double after = demo(test_env, agent, device, 10);

	std::cout << "final loss: " << agent->last_loss << std::endl;
	std::cout << "final distance to target (10 greedy episodes): " << before << " -> " << after
		<< "; last rollout score " << agent->last_score << std::endl;
	return 0;
}
