#ifndef UTIL_H_
#define UTIL_H_

#include <tuple>
#include <torch/torch.h>

torch::Tensor generate_square_subsequent_mask(int64_t sz, torch::Device device);

// {src_mask, tgt_mask, src_padding_mask, tgt_padding_mask}
std::tuple<torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor> create_mask(
    const torch::Tensor& src, const torch::Tensor& tgt, torch::Device device);

#endif  // UTIL_H_
