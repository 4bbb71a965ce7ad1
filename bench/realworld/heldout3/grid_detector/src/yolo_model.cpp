#include "yolo_model.h"

#include <cstddef>
#include <vector>

namespace
{
// A tiny darknet, listed as a table as the configuration file of the original lists it:
// filters, kernel size, stride, number of residual YOLO blocks after the convolution.
struct LayerSpec
{
  int64_t filters;
  int64_t ksize;
  int64_t stride;
  int64_t yolo_blocks;
};

const std::vector<LayerSpec> kTinyDarknet = {
  { 16, 3, 1, 0 },
  { 32, 3, 2, 1 },
  { 64, 3, 2, 1 },
  { 128, 3, 2, 0 },
};
}  // namespace

class CNNImpl : public torch::nn::Module
{
 public:
  CNNImpl(
      int64_t input_channel,
      int64_t output_channel,
      int64_t kernel_size,
      int64_t padding = 0,
      int64_t stride = 1,
      bool add_bn = true)
      : m_cnn_2d{ torch::nn::Conv2dOptions(input_channel, output_channel, kernel_size).padding(padding).stride(stride) },
        m_batch_norm_2d{ torch::nn::BatchNorm2dOptions(output_channel) },
        add_bn{ add_bn },
        activation{ torch::nn::LeakyReLUOptions().negative_slope(0.1) }
  {
    register_module("conv", m_cnn_2d);
    register_module("batch_norm", m_batch_norm_2d);
    register_module("Activation", activation);
  }

  torch::Tensor forward(torch::Tensor x)
  {
    torch::Tensor out = m_cnn_2d->forward(x);
    if (add_bn)
    {
      out = m_batch_norm_2d(out);
      out = activation(out);
    }
    return out;
  }

 private:
  torch::nn::Conv2d m_cnn_2d;
  torch::nn::BatchNorm2d m_batch_norm_2d;
  bool add_bn{ true };
  torch::nn::LeakyReLU activation;
};

TORCH_MODULE(CNN);

class YOLOBlockImpl : public torch::nn::Module
{
 public:
  YOLOBlockImpl(int64_t input_channel, int64_t output_channel, bool short_cut = true)
      : m_cnn_1{ input_channel, output_channel, 1 },
        m_cnn_2{ output_channel, input_channel, 3, 1 },
        add_short_cut(short_cut)
  {
    register_module("Yolo_block_cnn_1", m_cnn_1);
    register_module("Yolo_block_cnn_2", m_cnn_2);
  }

  torch::Tensor forward(torch::Tensor x)
  {
    torch::Tensor out = m_cnn_1(x);
    out = m_cnn_2(out);
    if (add_short_cut)
    {
      out = x + out;
    }
    return out;
  }

 private:
  CNN m_cnn_1, m_cnn_2;
  bool add_short_cut;
};

TORCH_MODULE(YOLOBlock);

class YOLOPredictionImpl : public torch::nn::Module
{
 public:
  YOLOPredictionImpl(int64_t input_channel, int64_t num_classes, int64_t number_anchors)
      : m_num_classes{ num_classes },
        m_number_anchors{ number_anchors },
        m_conv{ torch::nn::Conv2dOptions(input_channel, number_anchors * (num_classes + 5 /*x,y,w,h,obj*/), 1) }
  {
    register_module("Yolo_prediction", m_conv);
  }

  torch::Tensor forward(torch::Tensor x)
  {
    torch::Tensor out = m_conv(x);
    // (B, A * (C + 5), H, W) -> (B, A, H, W, C + 5)
    out = out.view({ x.size(0), m_number_anchors, m_num_classes + 5, x.size(2), x.size(3) })
              .permute({ 0, 1, 3, 4, 2 })
              .contiguous();
    return out;
  }

 private:
  int64_t m_num_classes, m_number_anchors;
  torch::nn::Conv2d m_conv;
};

TORCH_MODULE(YOLOPrediction);

YOLOv3Impl::YOLOv3Impl(int64_t input_channel, int64_t num_classes, int64_t num_anchors)
    : m_num_classes{ num_classes }, m_num_anchors{ num_anchors }
{
  int64_t last_output = input_channel;
  for (std::size_t i = 0; i < kTinyDarknet.size(); i++)
  {
    const LayerSpec& spec = kTinyDarknet[i];
    m_module_list->push_back(CNN(last_output, spec.filters, spec.ksize, spec.ksize / 2, spec.stride));
    for (int64_t j = 0; j < spec.yolo_blocks; j++)
    {
      m_module_list->push_back(YOLOBlock(spec.filters, spec.filters / 2));
    }
    last_output = spec.filters;
  }

  m_module_list->push_back(CNN(last_output, kNeckChannels, 1));
  m_module_list->push_back(YOLOPrediction(kNeckChannels, num_classes, num_anchors));

  register_module("Yolo_module_v3", m_module_list);
}

torch::Tensor YOLOv3Impl::forward(torch::Tensor x)
{
  return m_module_list->forward(x);
}
