#pragma once

#include "Models.h"
#include "TrainingParameters.h"

#include <mutex>
#include <string>
#include <vector>

namespace PLANS {

	class Environment;

	struct Agent {
		AGENT_ID agentID;
		Model* model;
		Optimizer* optimizer;

		std::vector<torch::Tensor> states;
		std::vector<torch::Tensor> actions;
		std::vector<torch::Tensor> types;
		std::vector<torch::Tensor> masks;
		std::vector<torch::Tensor> logProbs;
		std::vector<torch::Tensor> values;
		std::vector<double> rewards;
		double totalReward;
		float lastLoss;

		explicit Agent(AGENT_ID agentID);
		~Agent();
	};

	class TrainingController {
	public:
		static bool init(TrainingParameters* parameters, Environment* enviroment);
		static void shutdown();

		// Runs one episode of trainingStepLength steps; returns the final distance to the target.
		static double runEpisode(Agent* agent, bool greedy);
		static void onAgentExecuted(AGENT_ID agentID);
		static void optimizePPO(Agent* agent);

		static Agent* getAgent(AGENT_ID agentID) { return agents[agentID]; }
		static const TrainingParameters* getTrainingParameters() { return params; }
		static torch::TensorOptions getTensorOptions() { return tensorOptions; }
		static torch::Device getDevice() { return device; }
		static void consoleOut(const std::string& output);

		static bool verbose;
		static TrainingParameters* params;

	private:
		static void resetAgentTrainingStep(Agent* agent);

		static Environment* enviroment;
		static torch::Device device;
		static torch::TensorOptions tensorOptions;
		static std::vector<Agent*> agents;
		static std::mutex backwardMutex;
	};

}
