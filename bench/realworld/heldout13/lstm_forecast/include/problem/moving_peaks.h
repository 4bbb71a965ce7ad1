#ifndef OFEC_MOVING_PEAKS_H
#define OFEC_MOVING_PEAKS_H

#include "torch/torch.h"

#include <cstdint>

namespace ofec {

	// dimensions of the search space and number of tracked peak heights
	constexpr int64_t kNumVars = 10;
	constexpr int64_t kNumObj = 2;

	// per time step: the leading peak's center and velocity, and the tracked heights
	extern const int64_t kFeatureDim;

	// A moving peaks benchmark (dynamic optimisation): peaks drift with noisy
	// velocities and their heights oscillate. One run gives a [steps, kFeatureDim]
	// feature sequence and a [steps, kNumObj] sequence of normalised heights.
	class MovingPeaks {
	public:
		explicit MovingPeaks(int64_t change_frequency);

		void run(int64_t steps, torch::Tensor& features, torch::Tensor& heights);

	private:
		int64_t m_change_frequency;
	};
}

#endif
