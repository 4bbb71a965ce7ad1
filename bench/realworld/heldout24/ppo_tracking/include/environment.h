#pragma once

#include <deque>
#include <random>
#include <vector>

// A point mass pushed along a line towards a target that jumps now and then.
// The observation stacks the last kFrames states (position, velocity, target).
class TrackingTask {
public:
	static constexpr unsigned int kStateSize = 3;
	static constexpr unsigned int kFrames = 6;
	static constexpr unsigned int kObservationSize = kStateSize * kFrames;
	static constexpr unsigned int kActionSize = 1;
	static constexpr unsigned int kEpisodeLength = 40;

	explicit TrackingTask(unsigned int seed);

	std::vector<double> reset();
	// applies the force, returns the reward
	float step(double force);
	std::vector<double> observation() const;
	bool done() const;

private:
	void pushFrame();

	double position = 0.0;
	double velocity = 0.0;
	double target = 0.0;
	unsigned int steps = 0;
	std::deque<double> frames;
	std::mt19937 gen;
};
