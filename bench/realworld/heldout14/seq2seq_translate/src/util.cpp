#include "util.h"

#include <limits>

#include "multi30k.h"

torch::Tensor generate_square_subsequent_mask(int64_t sz, torch::Device device) {
  torch::Tensor mask = (torch::triu(torch::ones({sz, sz}, device)) == 1).transpose(0, 1);
  mask = mask.to(torch::kFloat64)
             .masked_fill(mask == 0, -std::numeric_limits<double>::infinity())
             .masked_fill(mask == 1, 0.0);
  return mask.to(torch::kFloat32);
}

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor> create_mask(
    const torch::Tensor& src, const torch::Tensor& tgt, torch::Device device) {
  int64_t src_seq_len = src.size(0);
  int64_t tgt_seq_len = tgt.size(0);
  torch::Tensor tgt_mask = generate_square_subsequent_mask(tgt_seq_len, device);
  torch::Tensor src_mask = torch::zeros({src_seq_len, src_seq_len}, torch::TensorOptions(device));
  torch::Tensor src_padding_mask = (src == PAD_IDX).transpose(0, 1);
  torch::Tensor tgt_padding_mask = (tgt == PAD_IDX).transpose(0, 1);
  return {src_mask, tgt_mask, src_padding_mask, tgt_padding_mask};
}
