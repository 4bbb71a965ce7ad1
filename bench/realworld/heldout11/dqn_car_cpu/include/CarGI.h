// The "game instance": global settings and the objects that live for the whole run.
#pragma once

#include <memory>
#include <vector>
#include <torch/torch.h>

#include "ReplayMemory.h"
#include "QAgent.h"
#include "NetworkInterface.h"

class CarGI
{
public:
	static void Init();

	static const uint64_t Capacity;  // capacity of Replay memory
	static const int32_t BatchSize;  // batch size for training
	static const int32_t NumSensors; // ray sensors of the car
	static const int32_t FrameStack; // readings stacked into one state
	static const int32_t NumStates;  // number of states
	static const int32_t NumActions; // number of actions

	static int32_t EpochCount;  // episode count
	static int64_t StepCount;   // timestep count
	static int32_t UpdateStep;  // optimizer steps between targetNet updates

	static std::unique_ptr<ReplayMemory> Mem;
	static std::unique_ptr<QAgent> Agent;
	static std::unique_ptr<NetworkInterface> Net;
};
