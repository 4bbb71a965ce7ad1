#pragma once

#include <torch/torch.h>

#include <vector>

// [h * w * 3] interleaved RGB in [0, 1] -> [1, 3, h, w]
torch::Tensor img_to_tensor(const std::vector<float>& pixels, int h, int w);

// scale each embedding (row) to unit root-mean-square
torch::Tensor rms_normalize(torch::Tensor x);
