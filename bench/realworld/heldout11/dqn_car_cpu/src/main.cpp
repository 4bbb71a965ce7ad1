// Training "game mode": one simulation tick per loop pass, one DQN update per tick.
#include <iomanip>
#include <iostream>
#include <random>

#include "CarGI.h"
#include "VehiclePawn.h"

namespace
{
	constexpr uint64_t kWarmup = 300;            // transitions collected before the first update
	constexpr int64_t kMaxOptimizerSteps = 300;
	constexpr int32_t kEvalEpisodes = 30;

	// mean number of steps the car stays on the road (greedy policy or random actions)
	double Evaluate(bool greedy, uint32_t seed)
	{
		VehiclePawn car(CarGI::NumSensors, CarGI::FrameStack, seed);
		std::mt19937 gen(seed);
		std::uniform_int_distribution<int64_t> randomAction(0, CarGI::NumActions - 1);
		double total = 0.0;
		for (int32_t episode = 0; episode < kEvalEpisodes; episode++)
		{
			car.Reset();
			while (!car.GetDone())
			{
				auto state = car.GetState();
				int64_t action = greedy
					? CarGI::Agent->SelectActionEval(state, CarGI::Net->GetPolicyNet()).item<int64_t>()
					: randomAction(gen);
				car.TakeAction(action);
			}
			total += car.GetSteps();
		}
		return total / kEvalEpisodes;
	}
}

int main()
{
	torch::manual_seed(0);
	CarGI::Init();

	const double before = Evaluate(true, 99);

	VehiclePawn car(CarGI::NumSensors, CarGI::FrameStack, 11);
	int64_t optimizerSteps = 0;
	float lossSum = 0.0f;
	while (optimizerSteps < kMaxOptimizerSteps)
	{
		car.Reset();
		torch::Tensor state = car.GetState();
		float episodeReward = 0.0f;
		while (!car.GetDone() && optimizerSteps < kMaxOptimizerSteps)
		{
			torch::Tensor action = CarGI::Agent->SelectAction(state, CarGI::Net->GetPolicyNet());
			car.TakeAction(action.item<int64_t>());
			torch::Tensor nextState = car.GetState();
			CarGI::Mem->Push(Experience(state, action, nextState, torch::tensor(car.GetReward()),
				torch::tensor(car.GetDone() ? 1.0f : 0.0f), car.GetBlocked()));
			state = nextState;
			episodeReward += car.GetReward();
			CarGI::StepCount++;

			if (CarGI::Mem->GetMemorySize() >= kWarmup)
			{
				CarGI::Net->Train(CarGI::Mem->Sample(CarGI::BatchSize));
				optimizerSteps++;
				lossSum += CarGI::Net->GetLoss();
				if (optimizerSteps % CarGI::UpdateStep == 0)
					CarGI::Net->CloneModel();
				if (optimizerSteps % 100 == 0)
				{
					std::cout << "step " << optimizerSteps << " mean loss " << lossSum / 100
						<< " epsilon " << CarGI::Agent->GetExplorationRate() << std::endl;
					lossSum = 0.0f;
				}
			}
		}
		CarGI::EpochCount++;
		if (CarGI::EpochCount % 5 == 0)
			std::cout << "episode " << CarGI::EpochCount << " steps " << car.GetSteps()
				<< " reward " << episodeReward << std::endl;
	}

	const double greedy = Evaluate(true, 99);
	const double random = Evaluate(false, 99);
	std::cout << std::fixed << std::setprecision(4);
	std::cout << "optimizer steps: " << optimizerSteps << ", episodes: " << CarGI::EpochCount << std::endl;
	std::cout << "final loss: " << CarGI::Net->GetLoss() << std::endl;
	std::cout << "test metric: mean steps on the road over " << kEvalEpisodes << " test episodes (max "
		<< VehiclePawn::kMaxSteps << "): greedy " << greedy << ", untrained " << before
		<< ", random " << random << std::endl;
	return 0;
}
