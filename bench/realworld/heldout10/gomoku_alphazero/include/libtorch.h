#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common.h"
#include "gomoku.h"

using namespace torch;
using namespace customType;

nn::Conv2d conv3x3(int64_t in_channels, int64_t out_channels, unsigned int stride = 1);

struct ResidualBlockImpl : nn::Module {
  ResidualBlockImpl(int64_t in_channels, int64_t out_channels, unsigned int stride = 1);
  Tensor forward(Tensor x);

  nn::Conv2d conv1{nullptr};
  nn::Conv2d conv2{nullptr};
  nn::BatchNorm2d bn1{nullptr};
  nn::BatchNorm2d bn2{nullptr};
  nn::BatchNorm2d downsample_bn{nullptr};
  nn::Conv2d downsample_conv{nullptr};
  bool downsample;
  int64_t out_channels;
};
TORCH_MODULE(ResidualBlock);

struct AlphaZeroNet : nn::Module {
  public:
    AlphaZeroNet(const unsigned int num_layers, int64_t num_channels, unsigned int n, unsigned int action_size);
    std::pair<Tensor, Tensor> forward(Tensor inputs);
  private:
    nn::Sequential res_layers;
    nn::Conv2d p_conv;
    nn::Conv2d v_conv;
    nn::BatchNorm2d p_bn;
    nn::BatchNorm2d v_bn;
    nn::Linear p_fc;
    nn::Linear v_fc1;
    nn::Linear v_fc2;
    nn::LogSoftmax p_log_softmax;
};

class NeuralNetwork {
 public:
  using return_type = std::vector<std::vector<double>>;

  NeuralNetwork(std::shared_ptr<AlphaZeroNet> module, unsigned int batch_size);

  void save_weights(std::string model_path);
  return_type commit(Gomoku *gomoku);  // policy and value of one position
  void set_batch_size(unsigned int batch_size) { this->batch_size = batch_size; }
  static Tensor transorm_gomoku_to_Tensor(Gomoku *gomoku);

 private:
  std::shared_ptr<AlphaZeroNet> module;
  unsigned int batch_size;
};
