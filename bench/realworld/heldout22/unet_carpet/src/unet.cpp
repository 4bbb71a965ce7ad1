#include "unet.h"

UNetImpl::UNetImpl() {
  down_conv_1_1 = CBR2d(1, 20);
  down_conv_1_2 = CBR2d(20, 20);
  down_conv_2_1 = CBR2d(20, 40);
  down_conv_2_2 = CBR2d(40, 40);

  bridge_1 = CBR2d(40, 80);
  bridge_2 = CBR2d(80, 40);

  unpooling_1 = nn::Sequential(nn::ConvTranspose2d(nn::ConvTranspose2dOptions(40, 40, 2).stride(2).padding(0)));
  up_conv_1_1 = CBR2d(40 * 2, 40);
  up_conv_1_2 = CBR2d(40, 20);

  unpooling_2 = nn::Sequential(nn::ConvTranspose2d(nn::ConvTranspose2dOptions(20, 20, 2).stride(2).padding(0)));
  up_conv_2_1 = CBR2d(20 * 2, 20);
  up_conv_2_2 = CBR2d(20, 20);

  down_conv_1_1 = register_module("down_conv_1_1", down_conv_1_1);
  down_conv_1_2 = register_module("down_conv_1_2", down_conv_1_2);
  pooling_1 = register_module("pool1", pooling);

  down_conv_2_1 = register_module("down_conv_2_1", down_conv_2_1);
  down_conv_2_2 = register_module("down_conv_2_2", down_conv_2_2);
  pooling_2 = register_module("pool2", pooling);

  bridge_1 = register_module("bridge_1", bridge_1);
  bridge_2 = register_module("bridge_2", bridge_2);

  unpooling_1 = register_module("unpooling_1", unpooling_1);
  up_conv_1_1 = register_module("up_conv_1_1", up_conv_1_1);
  up_conv_1_2 = register_module("up_conv_1_2", up_conv_1_2);

  unpooling_2 = register_module("unpooling_2", unpooling_2);
  up_conv_2_1 = register_module("up_conv_2_1", up_conv_2_1);
  up_conv_2_2 = register_module("up_conv_2_2", up_conv_2_2);

  fc = register_module("fc", fc);
  dropout2d = register_module("dropout2d", dropout2d);
}

UNetImpl::~UNetImpl() = default;

// Conv->Batch->ReLU
nn::Sequential UNetImpl::CBR2d(int in_channel, int out_channel) {
  return nn::Sequential(
      nn::Conv2d(nn::Conv2dOptions(in_channel, out_channel, 3).padding(1).stride(1)),
      nn::BatchNorm2d(nn::BatchNorm2dOptions(out_channel)),
      nn::ReLU(nn::ReLUOptions(true)));
}

torch::Tensor UNetImpl::forward(const torch::Tensor& x) {
  auto enc_1_1 = down_conv_1_1->forward(x);
  auto enc_1_2 = down_conv_1_2->forward(enc_1_1);
  auto pool1 = pooling_1->forward(enc_1_2);
  pool1 = dropout2d->forward(pool1);

  auto enc_2_1 = down_conv_2_1->forward(pool1);
  auto enc_2_2 = down_conv_2_2->forward(enc_2_1);
  auto pool2 = pooling_2->forward(enc_2_2);
  pool2 = dropout2d->forward(pool2);

  auto bridge1 = bridge_1->forward(pool2);
  auto bridge2 = bridge_2->forward(bridge1);

  auto unpool1 = unpooling_1->forward(bridge2);
  auto cat1 = torch::cat({unpool1, enc_2_2}, 1);
  auto dec_1_1 = up_conv_1_1->forward(cat1);
  auto dec_1_2 = up_conv_1_2->forward(dec_1_1);

  auto unpool2 = unpooling_2->forward(dec_1_2);
  auto cat2 = torch::cat({unpool2, enc_1_2}, 1);
  auto dec_2_1 = up_conv_2_1->forward(cat2);
  auto dec_2_2 = up_conv_2_2->forward(dec_2_1);

  return fc->forward(dec_2_2);
}
