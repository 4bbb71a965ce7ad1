#ifndef OFEC_WINDOW_DATASET_H
#define OFEC_WINDOW_DATASET_H

#include "torch/torch.h"

#include <cstdint>

namespace ofec {

	struct WindowDataset {
		torch::Tensor inputs;   // [n, window, kFeatureDim]
		torch::Tensor targets;  // [n, kNumObj], the heights one step after the window
		torch::Tensor last;     // [n, kNumObj], the heights at the window's last step (persistence)
	};

	// runs the benchmark num_runs times and cuts every run into sliding windows
	WindowDataset make_windows(int64_t num_runs, int64_t steps, int64_t window,
		int64_t change_frequency);
}

#endif
