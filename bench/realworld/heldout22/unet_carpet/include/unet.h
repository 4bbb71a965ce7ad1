#pragma once

#include <torch/torch.h>

namespace nn = torch::nn;

class UNetImpl : public torch::nn::Module {
 public:
  UNetImpl();
  ~UNetImpl() override;

  torch::Tensor forward(const torch::Tensor& x);

 private:
  nn::Sequential CBR2d(int in_channel, int out_channel);

  nn::MaxPool2d pooling = nn::MaxPool2d(nn::MaxPool2dOptions(2).stride(2));
  nn::Conv2d fc = nn::Conv2d(nn::Conv2dOptions(20, 1, 1).stride(1).padding(0));

  nn::Dropout2d dropout2d = nn::Dropout2d(nn::Dropout2dOptions(0.1));

  std::shared_ptr<nn::MaxPool2dImpl> pooling_1;
  std::shared_ptr<nn::MaxPool2dImpl> pooling_2;

  nn::Sequential unpooling_1{nullptr};
  nn::Sequential unpooling_2{nullptr};

  // layers
  nn::Sequential down_conv_1_1{nullptr};
  nn::Sequential down_conv_1_2{nullptr};
  nn::Sequential down_conv_2_1{nullptr};
  nn::Sequential down_conv_2_2{nullptr};

  nn::Sequential bridge_1{nullptr};
  nn::Sequential bridge_2{nullptr};

  nn::Sequential up_conv_1_1{nullptr};
  nn::Sequential up_conv_1_2{nullptr};
  nn::Sequential up_conv_2_1{nullptr};
  nn::Sequential up_conv_2_2{nullptr};
};

TORCH_MODULE(UNet);
