#pragma once

#include <torch/torch.h>

namespace photoloss {
at::Tensor l1_loss(const at::Tensor& network_output, const at::Tensor& gt);
at::Tensor ssim(const at::Tensor& img1, const at::Tensor& img2,
                int window_size = 5, bool size_average = true);
}  // namespace photoloss
