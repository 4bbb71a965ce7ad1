#include "copy_head.h"

#include <cmath>

CopyHeadImpl::CopyHeadImpl(int64_t hidden)
    : hidden_(hidden),
      query_(register_module("query", torch::nn::Linear(hidden, hidden))),
      gate_(register_module("gate", torch::nn::Linear(2 * hidden, 1))) {}

torch::Tensor CopyHeadImpl::forward(torch::Tensor dec_out, torch::Tensor memory, torch::Tensor src,
                                    torch::Tensor src_pad, torch::Tensor vocab_logits) {
  const int64_t tgt_len = dec_out.size(0);
  const int64_t batch = dec_out.size(1);
  const int64_t src_len = memory.size(0);

  auto q = query_(dec_out).transpose(0, 1);  // [N, T, E]
  auto k = memory.transpose(0, 1);           // [N, S, E]
  auto scores = torch::bmm(q, k.transpose(1, 2)) / std::sqrt(static_cast<double>(hidden_));
  scores = scores.masked_fill(src_pad.unsqueeze(1), -1e9);
  auto copy_attn = torch::softmax(scores, -1);  // [N, T, S]
  auto context = torch::bmm(copy_attn, k);      // [N, T, E]

  auto p_gen = torch::sigmoid(gate_(torch::cat({dec_out.transpose(0, 1), context}, -1)));
  auto vocab_probs = torch::softmax(vocab_logits.transpose(0, 1), -1);  // [N, T, V]
  auto index = src.t().unsqueeze(1).expand({batch, tgt_len, src_len});
  auto copy_probs = torch::zeros_like(vocab_probs).scatter_add(2, index, copy_attn);

  auto mix = p_gen * vocab_probs + (1 - p_gen) * copy_probs;
  return torch::log(mix + 1e-12).transpose(0, 1);
}
