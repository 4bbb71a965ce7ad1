// A car on a winding road, seen through seven ray sensors.
#pragma once

#include <torch/torch.h>
#include <deque>
#include <random>
#include <vector>

class VehiclePawn
{
public:
	VehiclePawn(int32_t numSensors, int32_t frameStack, uint32_t seed);

	void Reset();
	void TakeAction(int64_t action);   // also traces the sensors again

	torch::Tensor GetState() const;     // stacked sensor readings, [numSensors * frameStack]
	torch::Tensor GetBlocked() const;   // bool [3]: actions that would hit the wall
	float GetReward() const { return m_Reward; }
	bool GetDone() const { return m_Done; }
	int32_t GetSteps() const { return m_Steps; }

	static constexpr int32_t kMaxSteps = 150;

private:
	double RoadCenter(double x) const;
	double TraceByProfile(double angle) const;
	void TraceDistance();

	int32_t m_NumSensors;
	int32_t m_FrameStack;
	std::mt19937 m_Generator;
	double m_Phase = 0.0;
	double m_X = 0.0, m_Y = 0.0, m_Heading = 0.0;
	float m_Reward = 0.0f;
	bool m_Done = false;
	int32_t m_Steps = 0;
	std::vector<float> m_Sensors;
	std::deque<std::vector<float>> m_History;
};
