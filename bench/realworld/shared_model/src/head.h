#pragma once

#include <torch/torch.h>

// A projection head whose width the caller chooses.
torch::nn::Sequential make_head(int64_t width, int64_t outputs);
