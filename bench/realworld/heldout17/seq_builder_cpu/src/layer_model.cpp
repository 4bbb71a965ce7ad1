#include "layer_model.h"

#include <cmath>
#include <iostream>
#include <stdexcept>

namespace cpp_torch {

namespace {
std::string dims(const std::vector<int> &v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}
}  // namespace

void NetImpl::setInput(int channels, int w, int h) {
  LayerInOut inout;
  inout.name = "input";
  inout.type = LayerType::INITIAL;
  inout.id = 0;
  inout.in_ = {channels, h, w};
  inout.out_ = {channels, h, w};
  layer.push_back(inout);
  std::cout << "input {" << dims(inout.in_) << "}->{" << dims(inout.out_) << "}" << std::endl;
}

void NetImpl::add_fc(int out, bool bias) {
  const int id = static_cast<int>(fc.size());
  LayerInOut inout;
  inout.name = "fc";
  inout.type = LayerType::FC;
  inout.id = id;

  const int i = static_cast<int>(layer.size());
  const int in = layer[i - 1].out_[0] * layer[i - 1].out_[1] * layer[i - 1].out_[2];
  inout.in_ = layer[i - 1].out_;
  auto linear = torch::nn::Linear(torch::nn::LinearOptions(in, out).bias(bias));
  fc.emplace_back(register_module("fc" + std::to_string(id), linear));
  inout.out_ = {1, 1, out};
  layer.emplace_back(inout);
  std::cout << "fc {" << dims(inout.in_) << "}->{" << dims(inout.out_) << "}" << std::endl;
}

void NetImpl::add_conv2d_(int input_channels, int output_channels, std::vector<int> kernel_size,
                          std::vector<int> stride, std::vector<int> padding,
                          std::vector<int> dilation, bool bias) {
  const int id = static_cast<int>(conv2d.size());
  LayerInOut inout;
  inout.name = "conv2d";
  inout.type = LayerType::CONV2D;
  inout.id = id;

  const int i = static_cast<int>(layer.size());
  inout.in_ = {input_channels, layer[i - 1].out_[1], layer[i - 1].out_[2]};

  auto conv = torch::nn::Conv2d(torch::nn::Conv2dOptions(input_channels, output_channels, {kernel_size[0], kernel_size[1]})
                                    .bias(bias)
                                    .padding({padding[0], padding[1]})
                                    .stride({stride[0], stride[1]})
                                    .dilation({dilation[0], dilation[1]}));
  conv2d.emplace_back(register_module("conv2d" + std::to_string(id), conv));

  inout.out_ = {
      output_channels,
      static_cast<int>(std::floor(
          static_cast<double>(inout.in_[1] + 2 * padding[0] - dilation[0] * (kernel_size[0] - 1) - 1) /
              stride[0] + 1)),
      static_cast<int>(std::floor(
          static_cast<double>(inout.in_[2] + 2 * padding[1] - dilation[1] * (kernel_size[1] - 1) - 1) /
              stride[1] + 1))};
  inout.kernel_size = kernel_size;
  inout.padding = padding;
  inout.stride = stride;
  inout.dilation = dilation;
  inout.bias = bias;
  layer.emplace_back(inout);
  std::cout << "conv {" << dims(inout.in_) << "}->{" << dims(inout.out_) << "}" << std::endl;
}

void NetImpl::add_conv2d(int input_channels, int output_channels, int kernel_size, int stride,
                         int padding, int dilation, bool bias) {
  add_conv2d_(input_channels, output_channels, {kernel_size, kernel_size}, {stride, stride},
              {padding, padding}, {dilation, dilation}, bias);
}

void NetImpl::add_maxpool2d(int kernel_size) {
  LayerInOut inout;
  inout.name = "maxpool2d";
  inout.type = LayerType::MAXPOOL2D;
  inout.id = maxpool2d_count++;

  const int i = static_cast<int>(layer.size());
  inout.in_ = layer[i - 1].out_;
  inout.kernel_size = {kernel_size, kernel_size};
  inout.stride = {kernel_size, kernel_size};
  inout.out_ = {inout.in_[0], inout.in_[1] / kernel_size, inout.in_[2] / kernel_size};
  layer.emplace_back(inout);
  std::cout << "maxpool {" << dims(inout.in_) << "}->{" << dims(inout.out_) << "}" << std::endl;
}

void NetImpl::add_dropout(float rate) {
  LayerInOut inout;
  inout.name = "dropout";
  inout.type = LayerType::DROPOUT;
  inout.id = dropout_count++;
  inout.dropout_rate = rate;

  const int i = static_cast<int>(layer.size());
  inout.in_ = layer[i - 1].out_;
  inout.out_ = inout.in_;
  layer.emplace_back(inout);
}

void NetImpl::add_recurrent(const std::string &rnn_type, int sequence_length, int hidden_size,
                            int num_layers, float dropout) {
  if (rnn_type != "gru") throw std::runtime_error("recurrent type error: " + rnn_type);

  LayerInOut inout;
  inout.name = rnn_type;
  inout.type = LayerType::GRU;

  const int i = static_cast<int>(layer.size());
  const int in = layer[i - 1].out_[0] * layer[i - 1].out_[1] * layer[i - 1].out_[2];

  inout.rnn_hidden_size = hidden_size;
  inout.rnn_seqence_length = sequence_length;
  inout.rnn_sequence_single_size = in / sequence_length;
  inout.in_ = {1, sequence_length, inout.rnn_sequence_single_size};

  const int id = static_cast<int>(gru.size());
  auto opt = torch::nn::GRUOptions(inout.rnn_sequence_single_size, inout.rnn_hidden_size);
  opt = opt.batch_first(true);
  opt = opt.num_layers(num_layers);
  if (dropout > 0.0f) opt = opt.dropout(dropout);
  gru.emplace_back(register_module(rnn_type + std::to_string(id), torch::nn::GRU(opt)));

  inout.id = id;
  inout.out_ = {1, num_layers, inout.rnn_hidden_size};
  layer.emplace_back(inout);
  std::cout << rnn_type << " {" << dims(inout.in_) << "}->{" << dims(inout.out_) << "}" << std::endl;
}

void NetImpl::add_activation(LayerType type, const std::string &name, int d) {
  LayerInOut inout;
  inout.name = name;
  inout.type = type;
  inout.id = activation_count++;
  const int i = static_cast<int>(layer.size());
  inout.in_ = layer[i - 1].out_;
  inout.out_ = inout.in_;
  inout.dim = d;
  layer.push_back(inout);
}

void NetImpl::add_ReLU() { add_activation(LayerType::ReLU, "ReLU"); }
void NetImpl::add_Tanh() { add_activation(LayerType::Tanh, "Tanh"); }
void NetImpl::add_LogSoftmax(int d) { add_activation(LayerType::LogSoftmax, "LogSoftmax", d); }

torch::Tensor NetImpl::forward(torch::Tensor x) {
  const int64_t batch = x.size(0);

  for (size_t i = 1; i < layer.size(); i++) {
    const LayerInOut &l = layer[i];
    const LayerInOut &prev = layer[i - 1];
    switch (l.type) {
      case LayerType::FC:
        x = x.view({batch, -1});
        x = fc[l.id]->forward(x);
        break;
      case LayerType::CONV2D:
        x = x.view({-1, prev.out_[0], prev.out_[1], prev.out_[2]});
        x = conv2d[l.id]->forward(x);
        break;
      case LayerType::MAXPOOL2D:
        x = x.view({-1, prev.out_[0], prev.out_[1], prev.out_[2]});
        x = torch::max_pool2d(x, {l.kernel_size[0], l.kernel_size[1]},
                              {l.stride[0], l.stride[1]});
        break;
      case LayerType::DROPOUT:
        x = torch::dropout(x, l.dropout_rate, is_training());
        break;
      case LayerType::GRU: {
        x = x.view({batch, l.rnn_seqence_length, l.rnn_sequence_single_size});
        auto out = gru[l.id]->forward(x);
        // h_n: [num_layers, batch, hidden] -> [batch, num_layers, hidden]
        x = std::get<1>(out).transpose(0, 1).contiguous();
        break;
      }
      case LayerType::ReLU:
        x = torch::relu(x);
        break;
      case LayerType::Tanh:
        x = torch::tanh(x);
        break;
      case LayerType::LogSoftmax:
        x = torch::log_softmax(x, l.dim);
        break;
      case LayerType::INITIAL:
        break;
    }
  }
  return x;
}

}  // namespace cpp_torch
