#ifndef CPP_TORCH_LAYER_MODEL_H
#define CPP_TORCH_LAYER_MODEL_H

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "config.h"

// A network assembled layer by layer at run time: every add_* call records the
// shape it produces ({C, H, W}) so that the next call can size itself.
namespace cpp_torch {

enum class LayerType : int16_t {
  INITIAL = 0,
  FC = 1,
  CONV2D = 2,
  MAXPOOL2D = 4,
  DROPOUT = 6,
  GRU = 92,
  ReLU = 100,
  Tanh = 106,
  LogSoftmax = 108
};

class LayerInOut {
 public:
  int id = -1;
  LayerType type = LayerType::INITIAL;
  std::string name;

  std::vector<int> in_;
  std::vector<int> out_;

  std::vector<int> kernel_size;
  std::vector<int> padding = {0, 0};
  std::vector<int> stride = {1, 1};
  std::vector<int> dilation = {1, 1};
  bool bias = true;

  int rnn_hidden_size = 0;
  int rnn_seqence_length = 1;
  int rnn_sequence_single_size = 1;

  int dim = 1;
  float dropout_rate = 0.0f;
};

struct NetImpl : torch::nn::Module {
  NetImpl() = default;

  std::vector<torch::nn::Linear> fc;
  std::vector<torch::nn::Conv2d> conv2d;
  std::vector<torch::nn::GRU> gru;
  std::vector<LayerInOut> layer;

  int activation_count = 0;
  int maxpool2d_count = 0;
  int dropout_count = 0;

  void setInput(int channels, int w, int h);
  void add_fc(int out, bool bias = true);
  void add_conv2d_(int input_channels, int output_channels, std::vector<int> kernel_size,
                   std::vector<int> stride, std::vector<int> padding, std::vector<int> dilation,
                   bool bias);
  void add_conv2d(int input_channels, int output_channels, int kernel_size, int stride = 1,
                  int padding = 0, int dilation = 1, bool bias = true);
  void add_maxpool2d(int kernel_size);
  void add_dropout(float rate);
  void add_recurrent(const std::string &rnn_type, int sequence_length, int hidden_size,
                     int num_layers = 1, float dropout = 0.0f);
  void add_ReLU();
  void add_Tanh();
  void add_LogSoftmax(int d);

  torch::Tensor forward(torch::Tensor x);

 private:
  void add_activation(LayerType type, const std::string &name, int d = 1);
};
TORCH_MODULE(Net);

}  // namespace cpp_torch

#endif
