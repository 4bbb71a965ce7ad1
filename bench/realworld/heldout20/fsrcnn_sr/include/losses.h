#ifndef _LOSSES_H_HH
#define _LOSSES_H_HH

#include <torch/torch.h>

// MSE plus an L1 term on log luminance (dark regions weigh more).
torch::Tensor sr_loss(const torch::Tensor& output, const torch::Tensor& target);
// Charbonnier distance used for logging.
torch::Tensor charbonnier(const torch::Tensor& output, const torch::Tensor& target);
float psnr_from_mse(float mse);

#endif
