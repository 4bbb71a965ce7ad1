#pragma once

#include "TrainingConsts.h"

#include <random>

namespace PLANS {

	// A point agent chasing a wandering target on a 2D field; sprinting costs stamina.
	class Environment {
	public:
		explicit Environment(uint32_t seed);

		void reset(uint32_t numOfAgents);
		// Returns the reward of the step.
		double step(float dx, float dy, int64_t actionType);
		torch::Tensor encode() const;        // { 1, LSTM_INPUT_SIZE }
		torch::Tensor allowedTypes() const;  // { 1, NUM_ACTION_TYPES } bool
		double distance() const;

	private:
		std::mt19937 rng;
		float px = 0, py = 0, vx = 0, vy = 0, tx = 0, ty = 0, tvx = 0, tvy = 0;
		float stamina = 1.0f;
		uint32_t tick = 0;
	};

}
