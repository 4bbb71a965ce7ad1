#include "utils.h"

#include <cmath>

namespace {
// The original fills its additive masks with NEG_INFTY = -1e9 (torch::where).
constexpr double kNegInfty = -1e9;
}  // namespace

torch::Device get_device() {
  if (torch::cuda::is_available()) {
    return torch::Device(torch::kCUDA);
  }
  return torch::Device(torch::kCPU);
}

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> create_masks(
    const std::vector<std::string>& src_batch, const std::vector<std::string>& trg_batch,
    int64_t max_sequence_length) {
  const int64_t num_sentences = static_cast<int64_t>(src_batch.size());
  auto look_ahead_mask =
      torch::ones({max_sequence_length, max_sequence_length}, torch::kBool).triu(1);
  auto encoder_padding_mask =
      torch::zeros({num_sentences, max_sequence_length, max_sequence_length}, torch::kBool);
  auto decoder_padding_mask_self_attention = encoder_padding_mask.clone();
  auto decoder_padding_mask_cross_attention = encoder_padding_mask.clone();

  for (int64_t idx = 0; idx < num_sentences; ++idx) {
    const int64_t src_len = static_cast<int64_t>(src_batch[idx].size());
    const int64_t trg_len = static_cast<int64_t>(trg_batch[idx].size());
    if (src_len + 1 < max_sequence_length) {
      auto src_pad = torch::arange(src_len + 1, max_sequence_length);
      encoder_padding_mask[idx].index_fill_(1, src_pad, true);
      decoder_padding_mask_cross_attention[idx].index_fill_(1, src_pad, true);
    }
    if (trg_len + 1 < max_sequence_length) {
      auto trg_pad = torch::arange(trg_len + 1, max_sequence_length);
      decoder_padding_mask_self_attention[idx].index_fill_(1, trg_pad, true);
    }
  }
  auto decoder_self_attention_mask =
      look_ahead_mask.unsqueeze(0).logical_or(decoder_padding_mask_self_attention);
  return std::make_tuple(encoder_padding_mask, decoder_self_attention_mask,
                         decoder_padding_mask_cross_attention);
}

torch::Tensor scaled_dot_product(torch::Tensor q, torch::Tensor k, torch::Tensor v,
                                 torch::Tensor mask) {
  const double d_k = static_cast<double>(q.size(-1));
  auto scaled = torch::matmul(q, k.transpose(-1, -2)) / std::sqrt(d_k);
  if (mask.defined()) {
    scaled = scaled.masked_fill(mask.unsqueeze(1), kNegInfty);
  }
  auto attention = torch::softmax(scaled, -1);
  return torch::matmul(attention, v);
}
