#ifndef _TRANS_FORM_H_HH
#define _TRANS_FORM_H_HH

#include <torch/torch.h>

int calculate_valid_crop_size(int crop_size, int upscale_factor);
torch::Tensor CenterCrop(const torch::Tensor& img, int crop_size);
torch::Tensor Resize(const torch::Tensor& img, int output_size);
torch::Tensor input_transform(const torch::Tensor& img, int crop_size, int upscale_factor);
torch::Tensor target_transform(const torch::Tensor& img, int crop_size);

#endif
