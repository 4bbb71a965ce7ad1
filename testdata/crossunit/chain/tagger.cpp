#include "model.h"

TaggerImpl::TaggerImpl(int64_t width, int64_t ffn, int64_t half_ffn, int64_t tags)
    : plain(register_module("plain", EncoderBlock(width, ffn))),
      doubled(register_module("doubled", EncoderBlock(width, 2 * half_ffn))),
      configured(register_module("configured", EncoderBlock(BlockOptions{width, ffn + 2}))),
      head(register_module("head", torch::nn::Linear(width, tags))) {}

torch::Tensor TaggerImpl::forward(torch::Tensor x) { return head(configured(doubled(plain(x)))); }
