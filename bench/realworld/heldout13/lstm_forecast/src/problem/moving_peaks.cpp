#include "problem/moving_peaks.h"

#include <cmath>

namespace ofec {

	const int64_t kFeatureDim = 2 * kNumVars + kNumObj;

	MovingPeaks::MovingPeaks(int64_t change_frequency) :
		m_change_frequency(change_frequency) {}

	void MovingPeaks::run(int64_t steps, torch::Tensor& features, torch::Tensor& heights) {
		features = torch::zeros({ steps, kFeatureDim });
		heights = torch::zeros({ steps, kNumObj });

		auto center = torch::rand({ kNumVars }) * 2.0 - 1.0;
		auto velocity = torch::randn({ kNumVars }) * 0.05;
		auto phase = torch::rand({ kNumObj }) * 6.2831853;
		auto omega = 0.15 + 0.1 * torch::rand({ kNumObj });
		auto coupling = torch::randn({ kNumObj, kNumVars }) * 0.3;

		for (int64_t t = 0; t < steps; ++t) {
			if (t % m_change_frequency == 0) {
				velocity = 0.8 * velocity + 0.2 * torch::randn({ kNumVars }) * 0.05;
			}
			center = (center + velocity).clamp(-1.0, 1.0);
			auto h = torch::sin(omega * static_cast<double>(t) + phase) + torch::mv(coupling, center);
			features[t].slice(0, 0, kNumVars).copy_(center);
			features[t].slice(0, kNumVars, 2 * kNumVars).copy_(velocity * 10.0);
			features[t].slice(0, 2 * kNumVars, kFeatureDim).copy_(h);
			heights[t].copy_(h);
		}
	}
}
