#include "environment.h"

#include <algorithm>

TrackingTask::TrackingTask(unsigned int seed) : gen(seed) {
	reset();
}

void TrackingTask::pushFrame() {
	frames.push_back(this->position);
	frames.push_back(this->velocity);
	frames.push_back(this->target);
	while (frames.size() > kObservationSize) {
		frames.pop_front();
	}
}

std::vector<double> TrackingTask::reset() {
	std::uniform_real_distribution<double> uniform(-1.0, 1.0);
	this->position = uniform(gen);
	this->velocity = 0.0;
	this->target = uniform(gen);
	this->steps = 0;
	frames.assign(kObservationSize, 0.0);
	for (unsigned int i = 0; i < kFrames; i++) {
		pushFrame();
	}
	return observation();
}

float TrackingTask::step(double force) {
	force = std::clamp(force, -1.0, 1.0);
	this->velocity = 0.9 * this->velocity + 0.1 * force;
	this->position += 0.1 * this->velocity;
	this->steps++;
	if (this->steps == kEpisodeLength / 2) {
		std::uniform_real_distribution<double> uniform(-1.0, 1.0);
		this->target = uniform(gen);
	}
	pushFrame();
	const double error = this->position - this->target;
	return static_cast<float>(-error * error - 0.01 * force * force);
}

std::vector<double> TrackingTask::observation() const {
	return std::vector<double>(frames.begin(), frames.end());
}

bool TrackingTask::done() const {
	return this->steps >= kEpisodeLength;
}
