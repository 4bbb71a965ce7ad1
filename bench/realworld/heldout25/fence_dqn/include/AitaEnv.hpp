#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <string_view>

namespace aita
{
	enum class Result : uint8_t
	{
		None = 0,
		Lost,
		Won
	};

	// The game of the original runs as a separate process whose output is parsed;
	// here a small deterministic simulation of the same run-and-jump course stands in.
	constexpr float StartingPosX = 0.0f;
	constexpr float StartingPosY = 520.0f; // ground level in screen coordinates (y grows down)
	constexpr float GoalPosX = 600.0f;
	constexpr float FenceSpacing = 150.0f;
	constexpr float FenceHeight = 30.0f;
	constexpr float Gravity = 4.0f;

	constexpr int32_t MaxEpisodeSteps = 60;
	constexpr float ScorePerPixel = 0.01f;
	constexpr float KeyPressPenalty = 0.05f;

	class GameState
	{
	public:
		GameState() = default;
		float posX = StartingPosX;
		float posY = StartingPosY;
		float velX = 0.0f;
		float velY = 0.0f;
		float score = 0.0f;
		int32_t steps = 0;
		Result result = Result::None;

		void reset();
	};

	// One key press of the given length after the given delay, then the physics tick.
	GameState simulateAction(const GameState& state, int64_t actionIndex, float delay, float duration);

	constexpr uint64_t DQNStates = 4; // posX, posY, velX, velY
	constexpr uint64_t DQNActions = 3; // left, right, up

	constexpr uint32_t DefaultMaxSteps = 700;
	constexpr uint32_t DefaultReplayBufferSize = 10000;
	constexpr float DefaultEpsilonStart = 1.0f;
	constexpr float DefaultEpsilonMin = 0.05f;
	constexpr float DefaultEpsilonDecay = 0.995f;
	constexpr uint32_t DefaultBatchSize = 128;
	constexpr float DefaultGamma = 0.99f;
	constexpr float DefaultLearningRate = 0.0001f;

	class HyperParameters
	{
	public:
		uint32_t maxSteps = DefaultMaxSteps; // stands for the original's wall-clock timeout
		uint32_t replayBufferSize = DefaultReplayBufferSize;
		float epsilonStart = DefaultEpsilonStart;
		float epsilonMin = DefaultEpsilonMin;
		float epsilonDecay = DefaultEpsilonDecay;
		uint32_t batchSize = DefaultBatchSize;
		float gamma = DefaultGamma;
		float learningRate = DefaultLearningRate;

		void parse(int argc, char** argv);
	};

	float randomFloat();
	int64_t randomAction();
	std::string_view actionToString(int64_t index);
}
