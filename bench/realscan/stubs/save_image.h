// Declarations-only stand-in for pytorch-cpp's tutorials/advanced/utils/include/save_image.h
// (which pulls in stb_image_write): the one function the VAE tutorial calls.
#pragma once
#include <torch/torch.h>
#include <string>

namespace image_utils {
void save_image(torch::Tensor tensor, const std::string &file_path, int64_t nrow = 10, int64_t padding = 2,
                bool normalize = false, const std::vector<double> &range = {}, bool scale_each = false,
                torch::Tensor pad_value = torch::zeros(3, torch::kUInt8));
}  // namespace image_utils
