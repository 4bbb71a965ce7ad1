#include "surrogate/window_dataset.h"

#include <vector>

#include "problem/moving_peaks.h"

namespace ofec {

	WindowDataset make_windows(int64_t num_runs, int64_t steps, int64_t window,
		int64_t change_frequency) {
		std::vector<torch::Tensor> xs, ys, ls;
		MovingPeaks problem(change_frequency);
		for (int64_t r = 0; r < num_runs; ++r) {
			torch::Tensor features, heights;
			problem.run(steps, features, heights);
			for (int64_t t = 0; t + window < steps; ++t) {
				xs.push_back(features.slice(0, t, t + window));
				ys.push_back(heights[t + window]);
				ls.push_back(heights[t + window - 1]);
			}
		}
		return { torch::stack(xs), torch::stack(ys), torch::stack(ls) };
	}
}
