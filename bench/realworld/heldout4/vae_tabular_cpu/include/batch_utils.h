#ifndef _BATCH_UTILS_H_
#define _BATCH_UTILS_H_

#include <torch/torch.h>

#include <utility>
#include <vector>

namespace NeuroTab {

// Shuffled (input, target) mini-batches; the last one may be smaller.
std::vector<std::pair<torch::Tensor, torch::Tensor>> generate_batches(
    const unsigned batch_size, const torch::Tensor& inputs, const torch::Tensor& targets);

// Rows in [0, 1] driven by a few hidden factors.
torch::Tensor make_tabular_data(int64_t rows, int64_t features, int64_t factors);

}  // namespace NeuroTab

#endif
