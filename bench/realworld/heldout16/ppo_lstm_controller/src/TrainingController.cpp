#include "TrainingController.h"

#include "Environment.h"
#include "Maths.h"

#include <iostream>

using namespace PLANS;

//############################ Agent ############################

Agent::Agent(AGENT_ID agentID) : agentID(agentID), model(nullptr), optimizer(nullptr), totalReward(0.0), lastLoss(0.0f) {
	rewards.reserve(TrainingController::getTrainingParameters()->trainingStepLength);

	// Create model.
	model = new Model(STD, TrainingController::getTrainingParameters()->criticHiddenSize);
	model->get()->normal(0.0, 0.1);

	// Move the model to its device before creating the optimizer.
	model->get()->toDevice(TrainingController::getDevice());

	// Create optimizer.
	optimizer = new Optimizer(model->get()->parameters(), torch::optim::AdamOptions(TrainingController::params->learningRate));
}

Agent::~Agent() {
	delete model;
	delete optimizer;
}

//############################ TrainingController ############################

bool TrainingController::verbose = false;
TrainingParameters* TrainingController::params = nullptr;
Environment* TrainingController::enviroment = nullptr;
torch::Device TrainingController::device = torch::Device(torch::kCPU);
torch::TensorOptions TrainingController::tensorOptions = torch::TensorOptions();
std::vector<Agent*> TrainingController::agents;
std::mutex TrainingController::backwardMutex = {};

bool TrainingController::init(TrainingParameters* parameters, Environment* env) {
	if (parameters == nullptr || env == nullptr) {
		consoleOut("TrainingController::init: Given pointer is nullptr.");
		return false;
	}
	params = parameters;
	enviroment = env;

	// Init tensor options.
	if (torch::cuda::is_available()) {
		device = torch::Device(torch::kCUDA);
	}
	tensorOptions = tensorOptions.device(device).dtype(torch::kFloat32).requires_grad(false);

	for (uint32_t i = 0; i < NUM_OF_AGENTS; i++) {
		agents.push_back(new Agent(i));
	}
	return true;
}

void TrainingController::shutdown() {
	for (Agent* agent : agents) {
		delete agent;
	}
	agents.clear();
}

void TrainingController::resetAgentTrainingStep(Agent* agent) {
	agent->states.clear();
	agent->actions.clear();
	agent->types.clear();
	agent->masks.clear();
	agent->values.clear();
	agent->logProbs.clear();
	agent->rewards.clear();
	agent->totalReward = 0.0;
}

double TrainingController::runEpisode(Agent* agent, bool greedy) {
	torch::NoGradGuard no_grad;
	enviroment->reset(NUM_OF_AGENTS);
	agent->model->get()->reset();
	resetAgentTrainingStep(agent);

	for (uint32_t step = 0; step < params->trainingStepLength; step++) {
		torch::Tensor state = enviroment->encode().to(device);
		torch::Tensor allowed = enviroment->allowedTypes().to(device);

		auto output = agent->model->get()->forward(state, true);
		torch::Tensor action = greedy ? agent->model->get()->lastActorOutput : std::get<0>(output);
		torch::Tensor typeProbs = Maths::maskedLogSoftmax(agent->model->get()->lastTypeLogits, allowed).exp();
		torch::Tensor type = greedy ? typeProbs.argmax(1, true) : torch::multinomial(typeProbs, 1);

		torch::Tensor logProb = agent->model->get()->logProb(action) + agent->model->get()->logProbType(type, allowed);

		agent->states.push_back(state);
		agent->actions.push_back(action);
		agent->types.push_back(type);
		agent->masks.push_back(allowed);
		agent->logProbs.push_back(logProb);
		agent->values.push_back(std::get<1>(output));

		torch::Tensor a = action.to(torch::kCPU);
		double reward = enviroment->step(a[0][0].item<float>(), a[0][1].item<float>(), type.item<int64_t>());
		agent->rewards.push_back(reward);
		agent->totalReward += reward;
	}
	return enviroment->distance();
}

void TrainingController::onAgentExecuted(AGENT_ID agentID) {
	Agent* agent = agents[agentID];
	if (agent->rewards.size() < params->trainingStepLength) {
		return;   // Not enough rewards.
	}
	optimizePPO(agent);
	resetAgentTrainingStep(agent);
}

void TrainingController::optimizePPO(Agent* agent) {
	consoleOut("TrainingController::optimizePPO: Agent " + std::to_string(agent->agentID) + ", total reward: " + std::to_string(agent->totalReward));

	torch::Tensor t_values = torch::cat(agent->values).detach().to(torch::kCPU).view({ -1 });

	// Calculate the returns (generalised advantage estimation).
	const int64_t n = static_cast<int64_t>(agent->rewards.size());
	torch::Tensor t_returns = torch::zeros({ n, 1 });
	double gae = 0.0;
	for (int64_t i = n - 1; i >= 0; i--) {
		const double nextValue = i + 1 < n ? t_values[i + 1].item<double>() : 0.0;
		const double delta = agent->rewards[i] + params->ppo_gamma * nextValue - t_values[i].item<double>();
		gae = delta + params->ppo_gamma * params->ppo_lambda * gae;
		t_returns[i][0] = gae + t_values[i].item<double>();
	}

	// Build copies of tensors.
	torch::Tensor t_logProbs = torch::cat(agent->logProbs).detach();
	torch::Tensor t_states = torch::cat(agent->states);
	torch::Tensor t_actions = torch::cat(agent->actions);
	torch::Tensor t_types = torch::cat(agent->types);
	torch::Tensor t_masks = torch::cat(agent->masks);
	t_returns = t_returns.to(device);
	torch::Tensor t_advantages = t_returns - t_values.view({ -1, 1 }).to(device);
	t_advantages = (t_advantages - t_advantages.mean()) / (t_advantages.std() + 1e-8);

	const double beta = params->ppo_beta;
	torch::Tensor mini_states;
	torch::Tensor mini_actions;
	torch::Tensor mini_types;
	torch::Tensor mini_masks;
	torch::Tensor mini_logProbs;
	torch::Tensor mini_returns;
	torch::Tensor mini_advantages;
	for (uint32_t i = 0; i < params->ppo_epochs; i++) {
		// Construct the mini batch: one consecutive quarter of the rollout per epoch.
		const int64_t mb = params->ppo_miniBatchSize;
		mini_states = torch::zeros({ mb, LSTM_INPUT_SIZE }, getTensorOptions());
		mini_actions = torch::zeros({ mb, LSTM_OUTPUT_SIZE }, getTensorOptions());
		mini_types = torch::zeros({ mb, 1 }, getTensorOptions().dtype(torch::kLong));
		mini_masks = torch::zeros({ mb, NUM_ACTION_TYPES }, getTensorOptions().dtype(torch::kBool));
		mini_logProbs = torch::zeros({ mb, 1 }, getTensorOptions());
		mini_returns = torch::zeros({ mb, 1 }, getTensorOptions());
		mini_advantages = torch::zeros({ mb, 1 }, getTensorOptions());

		for (int64_t b = 0; b < mb; b++) {
			const int64_t idx = (i * mb + b) % n;
			mini_states[b] = t_states[idx];
			mini_actions[b] = t_actions[idx];
			mini_types[b] = t_types[idx];
			mini_masks[b] = t_masks[idx];
			mini_logProbs[b] = t_logProbs[idx];
			mini_returns[b] = t_returns[idx];
			mini_advantages[b] = t_advantages[idx];
		}

		std::tuple<torch::Tensor, torch::Tensor> av = agent->model->get()->forward(mini_states, false); // action value pairs
		torch::Tensor entropy = agent->model->get()->entropy().mean();
		torch::Tensor new_log_prob = agent->model->get()->logProb(mini_actions) + agent->model->get()->logProbType(mini_types, mini_masks);

		torch::Tensor ratio = (new_log_prob - mini_logProbs).exp();
		torch::Tensor surr1 = ratio * mini_advantages;
		torch::Tensor surr2 = torch::clamp(ratio, 1.0 - beta, 1.0 + beta) * mini_advantages;

		torch::Tensor val = std::get<1>(av);
		torch::Tensor actorLoss = -torch::min(surr1, surr2).mean();
		torch::Tensor criticLoss = (mini_returns - val).pow(2).mean();

		// Calculate total loss.
		torch::Tensor totalLoss = 0.5 * criticLoss + actorLoss - params->ppo_entropyCoef * entropy;

		// Lock mutex because of a potentially asynchronous backward call.
		backwardMutex.lock();

		float loss = totalLoss.item().toFloat();

		// Update model.
		agent->optimizer->zero_grad();
		if (i != params->ppo_epochs - 1) {
			// Retain graph if this is not the last ppo_epoch.
			totalLoss.backward({}, true);
		} else {
			totalLoss.backward({}, false);
		}
		agent->optimizer->step();
		agent->lastLoss = loss;

		backwardMutex.unlock();
	}
}

void TrainingController::consoleOut(const std::string& output) {
	if (verbose) {
		std::cout << output << std::endl;
	}
}
