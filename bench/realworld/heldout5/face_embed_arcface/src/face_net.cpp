#include "face_net.h"

FaceNetImpl::FaceNetImpl(int64_t base, int64_t embed_dim) {
  backbone_ = register_module("backbone", Backbone(base));
  dropout_ = register_module("dropout", torch::nn::Dropout(0.1));
  fc_ = register_module("fc", torch::nn::Linear(torch::nn::LinearOptions(base * 3, embed_dim).bias(false)));
  bn_ = register_module("bn", torch::nn::BatchNorm1d(embed_dim));
}

torch::Tensor FaceNetImpl::forward(const torch::Tensor& images) {
  return bn_->forward(fc_->forward(dropout_->forward(backbone_->forward(images))));
}
