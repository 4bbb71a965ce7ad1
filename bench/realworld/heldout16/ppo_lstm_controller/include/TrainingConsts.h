#pragma once

#include <torch/torch.h>

#include <cstdint>

namespace PLANS {

	using AGENT_ID = uint32_t;

	constexpr uint32_t NUM_OF_AGENTS = 1;

	// Observation features produced by Environment::encode (positions, velocity, stamina, sensors).
	static const int64_t LSTM_INPUT_SIZE = 20;
	static const int64_t LSTM_HIDDEN_SIZE = 64;

	// Continuous part of the action (movement x / y).
	static const int64_t LSTM_OUTPUT_SIZE = 2;
	// Discrete part of the action: the movement mode (crawl, walk, run, sprint, wait).
	static const int64_t NUM_ACTION_TYPES = 5;
	static const int64_t LSTM_NUM_LAYERS = 1;
	// In LSTM context: how many sequences are fed at once. The rollout is a single sequence.
	static const int64_t LSTM_BATCH_SIZE = 1;

	static const double STD = 0.3;

}
