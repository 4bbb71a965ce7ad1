#include "model.h"

EncoderBlockImpl::EncoderBlockImpl(int64_t width, int64_t ffn)
    : up(register_module("up", torch::nn::Linear(width, ffn))),     // CROSS-EXPECT: out_features = 502 of Linear `up` is not a multiple of 8
      down(register_module("down", torch::nn::Linear(ffn, width))) { // CROSS-EXPECT: in_features = 502 of Linear `down` is not a multiple of 8
}

EncoderBlockImpl::EncoderBlockImpl(const BlockOptions &options)
    : up(register_module("up", torch::nn::Linear(options.width, options.ffn))),     // CROSS-EXPECT: out_features = 502 of Linear `up` is not a multiple of 8
      down(register_module("down", torch::nn::Linear(options.ffn, options.width))) { // CROSS-EXPECT: in_features = 502 of Linear `down` is not a multiple of 8
}

torch::Tensor EncoderBlockImpl::forward(torch::Tensor x) { return down(torch::relu(up(x))); }

template <typename Kind>
ProjectionImpl<Kind>::ProjectionImpl(int64_t hidden) : proj(hidden, 64) {
  register_module("proj", proj);
}
template struct ProjectionImpl<Wide>;
