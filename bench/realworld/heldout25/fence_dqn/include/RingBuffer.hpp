#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <vector>

namespace aita
{
	template <size_t N>
	struct Transition
	{
		Transition() = default;

		Transition(const std::array<float, N>& state, int64_t action, float delay, float duration,
			float reward, const std::array<float, N>& nextState, bool done) :
			state(state),
			action(action),
			delay(delay),
			duration(duration),
			reward(reward),
			nextState(nextState),
			done(done)
		{
		}

		std::array<float, N> state{};
		int64_t action = 0;
		float delay = 0.0f;
		float duration = 0.0f;
		float reward = 0.0f;
		std::array<float, N> nextState{};
		bool done = false;
	};

	// Fixed-capacity ring of transitions; the oldest is overwritten when full.
	template <typename T>
	class RingBuffer
	{
	public:
		explicit RingBuffer(size_t capacity) :
			_data(capacity),
			_engine(1234)
		{
		}

		template <typename... Args>
		void emplace(Args&&... args)
		{
			_data[_head] = T(std::forward<Args>(args)...);
			_head = (_head + 1) % _data.size();

			if (_count < _data.size())
			{
				++_count;
			}
		}

		size_t count() const
		{
			return _count;
		}

		void randomSample(std::vector<T>& batch)
		{
			std::uniform_int_distribution<size_t> dist(0, _count - 1);

			for (T& item : batch)
			{
				item = _data[dist(_engine)];
			}
		}

	private:
		std::vector<T> _data;
		size_t _head = 0;
		size_t _count = 0;
		std::mt19937 _engine;
	};
}
