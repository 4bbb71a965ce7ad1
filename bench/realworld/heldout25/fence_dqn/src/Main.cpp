#include "AitaEnv.hpp"
#include "RingBuffer.hpp"
#include "RL.hpp"

#include <torch/torch.h>

#include <algorithm>
#include <cstring>
#include <iostream>
#include <memory>
#include <vector>

namespace aita
{
	torch::Tensor toTensor(const GameState& state)
	{
		return torch::tensor({ state.posX / GoalPosX, (StartingPosY - state.posY) / 100.0f, state.velX / 25.0f, state.velY / 40.0f });
	}

	std::array<float, DQNStates> toArray(const GameState& state)
	{
		return { state.posX / GoalPosX, (StartingPosY - state.posY) / 100.0f, state.velX / 25.0f, state.velY / 40.0f };
	}

	std::pair<int64_t, bool> decideAction(float currentEpsilon, const torch::Tensor& qValues)
	{
		const bool isExploration = randomFloat() < currentEpsilon;

		if (isExploration)
		{
			return { randomAction(), true };
		}

		return { qValues.argmax().item<int64_t>(), false };
	}

	template <size_t N>
	struct OptimizationContext
	{
		std::shared_ptr<DQN> network;
		std::shared_ptr<DQN> targetNetwork;
		std::shared_ptr<torch::optim::Optimizer> optimizer;
		RingBuffer<Transition<N>>& replayBuffer;
		std::vector<Transition<N>>& batch;
		const HyperParameters& hp;
		torch::Device device;
		float lastLoss;
	};

	template <size_t N>
	void optimizeNetwork(OptimizationContext<N>& ctx)
	{
		if (ctx.replayBuffer.count() < ctx.hp.batchSize)
		{
			return;
		}

		ctx.replayBuffer.randomSample(ctx.batch);

		const int64_t batchSize = ctx.hp.batchSize;
		torch::Tensor prevStateBatch = torch::empty({ batchSize, static_cast<int64_t>(N) }, torch::kFloat32);
		torch::Tensor nextStateBatch = torch::empty({ batchSize, static_cast<int64_t>(N) }, torch::kFloat32);
		torch::Tensor actionBatch = torch::empty({ batchSize, 1 }, torch::kInt64);
		torch::Tensor rewardBatch = torch::empty({ batchSize }, torch::kFloat32);
		torch::Tensor doneBatch = torch::empty({ batchSize }, torch::kBool);
		torch::Tensor executedTimingsBatch = torch::empty({ batchSize, 2 }, torch::kFloat32);

		for (int64_t i = 0; i < batchSize; ++i)
		{
			const Transition<N>& t = ctx.batch[i];

			std::memcpy(prevStateBatch[i].data_ptr<float>(), t.state.data(), N * sizeof(float));
			std::memcpy(nextStateBatch[i].data_ptr<float>(), t.nextState.data(), N * sizeof(float));

			actionBatch[i][0] = t.action;
			rewardBatch[i] = t.reward;
			doneBatch[i] = t.done;

			executedTimingsBatch[i][0] = t.delay;
			executedTimingsBatch[i][1] = t.duration;
		}

		prevStateBatch = prevStateBatch.to(ctx.device);
		nextStateBatch = nextStateBatch.to(ctx.device);
		actionBatch = actionBatch.to(ctx.device);
		rewardBatch = rewardBatch.to(ctx.device);
		doneBatch = doneBatch.to(ctx.device);
		executedTimingsBatch = executedTimingsBatch.to(ctx.device);

		auto [currentQValues, currentTimings] = ctx.network->forward(prevStateBatch);
		torch::Tensor stateActionValues = currentQValues.gather(1, actionBatch).squeeze(1);

		torch::Tensor nextStateValues;
		{
			torch::NoGradGuard noGrad;
			auto [nextQValues, _] = ctx.targetNetwork->forward(nextStateBatch);
			nextStateValues = std::get<0>(nextQValues.max(1));
			nextStateValues.masked_fill_(doneBatch, 0.0f);
		}

		torch::Tensor expectedStateActionValues = rewardBatch + (ctx.hp.gamma * nextStateValues);
		torch::Tensor qLoss = torch::nn::functional::smooth_l1_loss(stateActionValues, expectedStateActionValues);

		torch::Tensor predictedTimings = torch::empty({ batchSize, 2 }, torch::TensorOptions().dtype(torch::kFloat32).device(ctx.device));
		for (int64_t i = 0; i < batchSize; ++i)
		{
			const int64_t idx = ctx.batch[i].action * 2;
			predictedTimings[i][0] = currentTimings[i][idx];
			predictedTimings[i][1] = currentTimings[i][idx + 1];
		}

		torch::Tensor timingLoss = torch::nn::functional::mse_loss(predictedTimings, executedTimingsBatch);

		torch::Tensor totalLoss = qLoss + timingLoss;

		ctx.optimizer->zero_grad();
		totalLoss.backward();
		torch::nn::utils::clip_grad_norm_(ctx.network->parameters(), 1.0);
		ctx.optimizer->step();

		ctx.lastLoss = totalLoss.item<float>();

		{
			torch::NoGradGuard noGrad;
			const float tau = 0.005f;
			auto params = ctx.network->parameters();
			auto targetParams = ctx.targetNetwork->parameters();
			for (size_t i = 0; i < params.size(); ++i)
			{
				targetParams[i].copy_(tau * params[i] + (1.0f - tau) * targetParams[i]);
			}
		}
	}

	float run(HyperParameters& hp)
	{
		torch::Device device(torch::kCPU);
		if (torch::cuda::is_available())
		{
			device = torch::Device(torch::kCUDA);
		}
		std::cout << "Device: " << device << std::endl;

		auto network = std::make_shared<DQN>(DQNStates, DQNActions);
		auto targetNetwork = std::make_shared<DQN>(DQNStates, DQNActions);
		network->to(device);
		targetNetwork->to(device);

		{
			torch::NoGradGuard noGrad;
			auto params = network->parameters();
			auto targetParams = targetNetwork->parameters();
			for (size_t i = 0; i < params.size(); ++i)
			{
				targetParams[i].copy_(params[i]);
			}
		}

		auto optimizer =
			std::make_shared<torch::optim::Adam>(
				network->parameters(),
				torch::optim::AdamOptions(hp.learningRate));

		float currentEpsilon = hp.epsilonStart;
		int64_t step = 0;
		int64_t episode = 0;

		RingBuffer<Transition<DQNStates>> replayBuffer(hp.replayBufferSize);
		std::vector<Transition<DQNStates>> batch(hp.batchSize);
		GameState currentState;

		OptimizationContext<DQNStates> optContext{
			network,
			targetNetwork,
			optimizer,
			replayBuffer,
			batch,
			hp,
			device,
			0.0f
		};

		std::vector<float> losses;
		float firstWindow = -1.0f;
		float lastWindow = 0.0f;
		constexpr size_t Window = 100;

		while (step < static_cast<int64_t>(hp.maxSteps))
		{
			const torch::Tensor stateTensor = toTensor(currentState).to(device);
			const auto [qValues, timings] = network->forward(stateTensor);

			const auto [actionIndex, isExploration] = decideAction(currentEpsilon, qValues);
			const int64_t delayIndex = actionIndex * 2;
			const int64_t durationIndex = delayIndex + 1;

			float executedDelay = timings[delayIndex].item<float>();
			float executedDuration = timings[durationIndex].item<float>();

			if (isExploration)
			{
				executedDelay = randomFloat();
				executedDuration = randomFloat();
			}

			const GameState nextState = simulateAction(currentState, actionIndex, executedDelay, executedDuration);

			float reward = (nextState.score - currentState.score) - KeyPressPenalty;
			bool done = (nextState.result != Result::None);

			++step;

			replayBuffer.emplace(
				toArray(currentState),
				actionIndex,
				executedDelay,
				executedDuration,
				reward,
				toArray(nextState),
				done
			);

			if (done)
			{
				++episode;
				currentState.reset();
			}
			else
			{
				currentState = nextState;
			}

			optContext.lastLoss = -1.0f;
			optimizeNetwork(optContext);

			if (optContext.lastLoss >= 0.0f)
			{
				losses.push_back(optContext.lastLoss);

				if (losses.size() % Window == 0)
				{
					float sum = 0.0f;
					for (size_t i = losses.size() - Window; i < losses.size(); ++i)
					{
						sum += losses[i];
					}
					lastWindow = sum / Window;
					if (firstWindow < 0.0f)
					{
						firstWindow = lastWindow;
					}
					std::cout << "Step " << step << " | Episodes: " << episode << " | Epsilon: " << currentEpsilon
						<< " | Mean loss (last " << Window << "): " << lastWindow << std::endl;
				}
			}

			if (replayBuffer.count() >= hp.batchSize)
			{
				currentEpsilon = std::max(hp.epsilonMin, currentEpsilon * hp.epsilonDecay);
			}
		}

		std::cout << "First window mean loss: " << firstWindow << std::endl;
		return lastWindow;
	}
}

int main(int argc, char** argv)
{
	torch::manual_seed(0);

	using namespace aita;

	std::cout << "aitaRL" << std::endl;

	HyperParameters hp;
	hp.parse(argc, argv);

	const float finalLoss = run(hp);
	std::cout << "final loss: " << finalLoss << std::endl;

	return 0;
}
