#include "CarGI.h"

// global variables
const float g_Start = 0.90f;
const float g_End   = 0.05f;
const float g_Decay = 4e-3f;
const float g_Gamma = 0.80f;
const float g_LearningRate = 3e-3f;

const uint64_t CarGI::Capacity   = 4096;
const int32_t  CarGI::BatchSize  = 64;
const int32_t  CarGI::NumSensors = 7;
const int32_t  CarGI::FrameStack = 4;
const int32_t  CarGI::NumStates  = CarGI::NumSensors * CarGI::FrameStack;
const int32_t  CarGI::NumActions = 3;
int32_t CarGI::EpochCount = 0;
int64_t CarGI::StepCount  = 0;
int32_t CarGI::UpdateStep = 20; // target update every `n` optimizer steps

std::unique_ptr<ReplayMemory>     CarGI::Mem;
std::unique_ptr<QAgent>           CarGI::Agent;
std::unique_ptr<NetworkInterface> CarGI::Net;

// created after main() has seeded the generators (the original built them during static
// initialisation, before any seed)
void CarGI::Init()
{
	Mem   = std::make_unique<ReplayMemory>(Capacity, NumStates, NumActions);
	Agent = std::make_unique<QAgent>(NumActions, g_Start, g_End, g_Decay);
	Net   = std::make_unique<NetworkInterface>(NumStates, NumActions, g_Gamma, g_LearningRate);
	Net->Init();
}
