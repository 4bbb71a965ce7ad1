#include "autoencoder.h"

#include "decoder.h"
#include "point_dims.h"

AutoEncoderImpl::AutoEncoderImpl() {
  fc1_ = register_module("fc1", torch::nn::Linear(POINT_DIM, hidden_));
  fc2_ = register_module("fc2", torch::nn::Linear(hidden_, hidden_ / 2));
  fc3_ = register_module("fc3", torch::nn::Linear(hidden_ / 2, code_));
  decoder_ = register_module("decoder", make_decoder(code_, hidden_ / 2, hidden_, POINT_DIM));
}

torch::Tensor AutoEncoderImpl::encode(const torch::Tensor &x) {
  auto h = torch::relu(fc1_(x));
  h = torch::relu(fc2_(h));
  auto code = fc3_(h);
  // Index keys live in [-1, 1]: scale by the largest magnitude in the batch.
  return code / (code.abs().amax(0, /*keepdim=*/true) + 1e-6);
}

torch::Tensor AutoEncoderImpl::decode(const torch::Tensor &code) { return decoder_->forward(code); }

torch::Tensor AutoEncoderImpl::forward(const torch::Tensor &x) { return decode(encode(x)); }

torch::Tensor AutoEncoderImpl::locality_loss(const torch::Tensor &anchor, const torch::Tensor &positive,
                                             const torch::Tensor &negative) {
  auto codes = encode(torch::cat({anchor, positive, negative}, 0));
  auto parts = codes.chunk(3, 0);
  return torch::triplet_margin_loss(parts[0], parts[1], parts[2], /*margin=*/0.2, /*p=*/2, /*eps=*/1e-6,
                                    /*swap=*/false, at::Reduction::Mean);
}
