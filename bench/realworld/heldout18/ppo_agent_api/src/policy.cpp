#include "RL/Policy.h"
#include <iostream>
#include <mutex>

static std::mutex mtx;

AgentInterface::AgentInterface(std::vector<PytorchEnvironmentPtr> env, ActorPtr actor, CriticPtr critic, StateModifierPtr state_modifier, double gamma, int steps, int batch_size)
	:env(env), actor(actor), critic(critic), state_modifier(state_modifier), gamma(gamma), steps(steps), batch_size(batch_size),
	zero_state(env[0]->reset()), max_score(0), episodes(0), total_tuple(0){
}

ReplayBuffer AgentInterface::get_replay_buffer(bool render){
	std::vector<ReplayBuffer> replay_buffer(env.size());
	std::vector<int> tuple(env.size(), 0), n(env.size(), 0);
	std::vector<double> total_score(env.size(), 0.);

#pragma omp parallel for schedule(dynamic)
	for(int i = 0; i < (int)env.size(); i++){
		mtx.lock();
		torch::Tensor state = state_modifier->apply(env[i]->reset());
		mtx.unlock();
		while(tuple[i] * (int)env.size() < steps){
			++n[i];
			double score = 0;
			while(1){
				if(render && i == 0) env[i]->render();
				torch::Tensor next_state; double reward; int done, tl;
				torch::Tensor action = actor->get_action(state);
				env[i]->step(action, next_state, reward, done, tl);
				
				mtx.lock();
				next_state = state_modifier->apply(next_state); //TODO
				mtx.unlock();

				if(tl) reward += critic->get_values(next_state).item().toDouble() * gamma;
				replay_buffer[i].append(state.clone(), action.clone(), reward, done);
				state = next_state;

				score += reward; tuple[i] += 1;
				if(done) break;
			}
			total_score[i] += score;
			if(tuple[i] * (int)env.size() < steps) state = state_modifier->apply(env[i]->reset());
		}
	}
	int tn = 0, tp = 0; double tc = 0;
	for(size_t i = 0; i < env.size(); i++) tn += n[i], tp += tuple[i], tc += total_score[i];
	total_tuple += tp; episodes += tn;
	last_score = tc / tn;
	std::cout << "episodes : " << episodes << "(" << total_tuple << "), score : " << tc / tn << ", avg steps : " << tp / (double)tn \
		<< ", avg reward : " << tc / tp << "\n";
	for(size_t i = 1; i < env.size(); i++) replay_buffer[0].merge(replay_buffer[i]);
	return replay_buffer[0];
}

torch::Tensor AgentInterface::next_action(const torch::Tensor &state){
	return actor->get_action(state);
}

torch::Tensor AgentInterface::next_action_nodist(const torch::Tensor &state){
	return actor->get_action_nodist(state_modifier->modify(state));
}

void AgentInterface::to(torch::Device dev){
	for(auto e : env) e->to(dev);
	actor->to(dev);
	critic->to(dev);
	state_modifier->to(dev);
	zero_state = zero_state.to(dev);
}

PPOAgent::PPOAgent(std::vector<PytorchEnvironmentPtr> env, ActorPtr actor, CriticPtr critic, StateModifierPtr state_modifier, double gamma, double lamda, int steps, int batch_size)
	: AgentInterface(env, actor, critic, state_modifier, gamma, steps, batch_size), lamda(lamda){
}

void PPOAgent::train(int train_step, torch::Device device, bool render){
	to(device);
	for(int i = 0; i < train_step; i++){
		episodes += 1;
		torch::Tensor states, actions, entropy, returns, advants;
		torch::Tensor old_values, old_policy;
		torch::nn::MSELoss criterion;
		// no gradient
		{
			torch::NoGradGuard guard;
			actor->eval(); critic->eval();
			ReplayBuffer replay_buffer = get_replay_buffer(gamma);
			std::tie(states, actions) = replay_buffer.get_tensor();

			std::tie(old_policy, entropy) = actor->evaluate(states, actions);
			old_values = critic->get_values(states).squeeze(1);

			std::tie(returns, advants) = replay_buffer.get_gae(old_values.to(torch::kCPU), gamma, lamda);
			returns = returns.to(device);
			advants = advants.to(device);
		}

		// with gradient
		{
			int n = states.size(0);
			actor->train();
			critic->train();
	
			torch::Tensor arr = torch::randperm(n, torch::TensorOptions(torch::kLong).device(device));
			for(int i = 0; i < n/batch_size; i++){
				torch::Tensor batch_index = arr.slice(0, batch_size * i, batch_size * (i+1));
				torch::Tensor states_samples = states.index({batch_index});
				torch::Tensor returns_samples = returns.index({batch_index});
				torch::Tensor advants_samples = advants.index({batch_index});
				torch::Tensor actions_samples = actions.index({batch_index});
				torch::Tensor oldvalues_samples = old_values.index({batch_index});
				torch::Tensor oldpolicy_samples = old_policy.index({batch_index});

				torch::Tensor new_policy, entropy, ratio, clipped_ratio, actor_loss;
				std::tie(new_policy, entropy) = actor->evaluate(states_samples, actions_samples);
				ratio = (new_policy - oldpolicy_samples).exp();
				clipped_ratio = ratio.clamp(1.0 - 0.2, 1.0 + 0.2);
				actor_loss = -torch::min(ratio * advants_samples, clipped_ratio * advants_samples).mean();

				torch::Tensor values, critic_loss;
				values = critic->get_values(states_samples);
				//clipped_values = oldvalues_samples + torch.clamp(values - oldvalues_samples, -0.2, 0.2) # clip param
				critic_loss/*2*/ = criterion(values, returns_samples) * 0.5;

				torch::Tensor loss = actor_loss + critic_loss; // - 0.01*entropy.mean()

				actor->zero_grad(); critic->zero_grad();
				loss.backward();
				actor->step(); critic->step();
				last_loss = loss.item<double>();
			}
			actor->eval(); critic->eval();
		}
	}
}
