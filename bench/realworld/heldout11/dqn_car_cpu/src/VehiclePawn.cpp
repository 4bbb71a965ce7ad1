#include "VehiclePawn.h"

#include <cmath>

namespace
{
	constexpr double kPi = 3.14159265358979323846;
	constexpr double kHalfWidth = 1.4;   // road half width
	constexpr double kSpeed = 0.15;      // distance per step
	constexpr double kSteer = 0.10;      // heading change of a steering action (rad)
	constexpr double kMaxRange = 3.0;    // sensor range
	constexpr double kRayStep = 0.05;
}

VehiclePawn::VehiclePawn(int32_t numSensors, int32_t frameStack, uint32_t seed)
	: m_NumSensors(numSensors), m_FrameStack(frameStack), m_Generator(seed)
{
	Reset();
}

double VehiclePawn::RoadCenter(double x) const
{
	return 1.0 * std::sin(0.3 * x + m_Phase) + 0.3 * std::sin(0.8 * x + 2.0 * m_Phase);
}

// distance to the road edge along a ray, normalised by the sensor range
double VehiclePawn::TraceByProfile(double angle) const
{
	const double a = m_Heading + angle;
	for (double d = kRayStep; d <= kMaxRange; d += kRayStep)
	{
		const double px = m_X + d * std::cos(a);
		const double py = m_Y + d * std::sin(a);
		if (std::abs(py - RoadCenter(px)) > kHalfWidth)
			return d / kMaxRange;
	}
	return 1.0;
}

void VehiclePawn::TraceDistance()
{
	m_Sensors.assign(m_NumSensors, 0.0f);
	for (int32_t i = 0; i < m_NumSensors; i++)
	{
		// from -90 to +90 degrees around the heading
		const double angle = -kPi / 2 + kPi * i / (m_NumSensors - 1);
		m_Sensors[i] = static_cast<float>(TraceByProfile(angle));
	}
	m_History.push_back(m_Sensors);
	while (static_cast<int32_t>(m_History.size()) > m_FrameStack)
		m_History.pop_front();
}

void VehiclePawn::Reset()
{
	std::uniform_real_distribution<double> phase(0.0, 2.0 * kPi);
	std::uniform_real_distribution<double> noise(-0.2, 0.2);
	m_Phase = phase(m_Generator);
	m_X = 0.0;
	m_Y = RoadCenter(0.0) + noise(m_Generator);
	const double slope = (RoadCenter(0.01) - RoadCenter(-0.01)) / 0.02;
	m_Heading = std::atan(slope) + noise(m_Generator);
	m_Done = false;
	m_Reward = 0.0f;
	m_Steps = 0;
	m_History.clear();
	TraceDistance();
	while (static_cast<int32_t>(m_History.size()) < m_FrameStack)
		m_History.push_back(m_Sensors);
}

void VehiclePawn::TakeAction(int64_t action)
{
	if (action == 1)
		m_Heading += kSteer;   // steer left
	else if (action == 2)
		m_Heading -= kSteer;   // steer right
	m_X += kSpeed * std::cos(m_Heading);
	m_Y += kSpeed * std::sin(m_Heading);
	m_Steps++;

	const double offset = std::abs(m_Y - RoadCenter(m_X)) / kHalfWidth;
	if (offset > 1.0)
	{
		m_Done = true;
		m_Reward = -5.0f;
	}
	else
	{
		m_Reward = static_cast<float>(1.0 - offset * offset);
		m_Done = m_Steps >= kMaxSteps;
	}
	TraceDistance();
}

torch::Tensor VehiclePawn::GetState() const
{
	std::vector<float> flat;
	flat.reserve(m_NumSensors * m_FrameStack);
	for (const auto& reading : m_History)
		flat.insert(flat.end(), reading.begin(), reading.end());
	return torch::tensor(flat);
}

torch::Tensor VehiclePawn::GetBlocked() const
{
	// sensors 2 and 4 look 30 degrees to the right and to the left
	const bool right = m_Sensors[m_NumSensors / 2 - 1] < 0.1f;
	const bool left = m_Sensors[m_NumSensors / 2 + 1] < 0.1f;
	return torch::tensor({ false, left, right });
}
