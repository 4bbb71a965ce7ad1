#include "autoencoder.h"

#include "sensor_constants.h"

torch::nn::Sequential make_decoder(int64_t code_dim, int64_t hidden, int64_t out_dim) {
  return torch::nn::Sequential(torch::nn::Linear(code_dim, hidden),
                               torch::nn::ReLU(),
                               torch::nn::Linear(hidden, out_dim),
                               torch::nn::Sigmoid());
}

SparseAutoencoderImpl::SparseAutoencoderImpl() {
  encoder_in_ = register_module("encoder_in", torch::nn::Linear(kWindow * kChannels, kHidden));
  encoder_code_ = register_module("encoder_code", torch::nn::Linear(kHidden, kCodeDim));
  decoder_ = register_module("decoder", make_decoder(kCodeDim, kHidden, kWindow * kChannels));
}

AutoencoderOutput SparseAutoencoderImpl::forward(const torch::Tensor& windows) {
  auto hidden = torch::relu(encoder_in_->forward(windows.flatten(1)));
  auto code = torch::sigmoid(encoder_code_->forward(hidden));
  auto reconstruction = decoder_->forward(code).view_as(windows);
  return {code, reconstruction};
}
