#include "AitaEnv.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace aita
{
	namespace
	{
		std::mt19937 Engine(42);
		std::uniform_real_distribution<float> FloatDist(0.0f, 1.0f);
		std::uniform_int_distribution<int64_t> ActionDist(0, DQNActions - 1);

		bool crossesFence(float fromX, float toX)
		{
			const float lo = std::min(fromX, toX);
			const float hi = std::max(fromX, toX);

			for (float fence = FenceSpacing; fence < GoalPosX; fence += FenceSpacing)
			{
				if (lo < fence && fence <= hi)
				{
					return true;
				}
			}

			return false;
		}
	}

	void GameState::reset()
	{
		*this = GameState();
	}

	GameState simulateAction(const GameState& state, int64_t actionIndex, float delay, float duration)
	{
		GameState next = state;
		const float strength = std::clamp(duration, 0.0f, 1.0f) * (1.0f - 0.5f * std::clamp(delay, 0.0f, 1.0f));
		const bool onGround = state.posY >= StartingPosY;

		switch (actionIndex)
		{
			case 0:
				next.velX = -(5.0f + 20.0f * strength);
				break;
			case 1:
				next.velX = 5.0f + 20.0f * strength;
				break;
			case 2:
				if (onGround)
				{
					next.velY = -(10.0f + 30.0f * strength);
				}
				break;
			default:
				throw std::invalid_argument("Unknown action index");
		}

		next.posX = std::max(0.0f, state.posX + next.velX);
		next.posY = std::min(StartingPosY, state.posY + next.velY);
		next.velY = next.posY >= StartingPosY ? 0.0f : next.velY + Gravity;
		next.velX *= 0.5f;
		next.steps = state.steps + 1;
		next.score = std::floor(next.posX) * ScorePerPixel;

		const float height = StartingPosY - next.posY;

		if (crossesFence(state.posX, next.posX) && height < FenceHeight)
		{
			next.result = Result::Lost;
		}
		else if (next.posX >= GoalPosX)
		{
			next.result = Result::Won;
		}
		else if (next.steps >= MaxEpisodeSteps)
		{
			next.result = Result::Lost;
		}

		return next;
	}

	void HyperParameters::parse(int argc, char** argv)
	{
		for (int i = 1; i + 1 < argc; i += 2)
		{
			const std::string key = argv[i];
			const char* value = argv[i + 1];

			if (key == "--steps") maxSteps = static_cast<uint32_t>(std::atoi(value));
			else if (key == "--batch") batchSize = static_cast<uint32_t>(std::atoi(value));
			else if (key == "--lr") learningRate = std::strtof(value, nullptr);
			else if (key == "--gamma") gamma = std::strtof(value, nullptr);
		}
	}

	float randomFloat()
	{
		return FloatDist(Engine);
	}

	int64_t randomAction()
	{
		return ActionDist(Engine);
	}

	std::string_view actionToString(int64_t index)
	{
		switch (index)
		{
			case 0:
				return "Left";
			case 1:
				return "Right";
			case 2:
				return "Up";
		}

		throw std::invalid_argument("Unknown action index");
	}
}
