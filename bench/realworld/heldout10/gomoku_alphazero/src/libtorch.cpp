#include <libtorch.h>

#include <torch/torch.h>
#include <iostream>
#include <common.h>

using namespace torch;
using namespace customType;

nn::Conv2d conv3x3(int64_t in_channels, int64_t out_channels, unsigned int stride) {
  return nn::Conv2d(nn::Conv2dOptions(/*in_channel=*/in_channels, out_channels, /*kernel_size=*/3).stride(stride).padding(1).bias(false));
}

ResidualBlockImpl::ResidualBlockImpl(int64_t in_channels, int64_t out_channels, unsigned int stride) {
  conv1 = register_module("conv1", conv3x3(in_channels, out_channels, stride));
  bn1 = register_module("bn1", nn::BatchNorm2d(out_channels));
  conv2 = register_module("conv2", conv3x3(out_channels, out_channels));
  bn2 = register_module("bn2", nn::BatchNorm2d(out_channels));
  this->out_channels = out_channels;
  downsample = false;
  if (in_channels != out_channels || stride != 1) {
    downsample = true;
    downsample_conv = register_module("downsample_conv", conv3x3(in_channels, out_channels, stride));
    downsample_bn = register_module("downsample_bn", nn::BatchNorm2d(out_channels));
  }
}

Tensor ResidualBlockImpl::forward(Tensor x) {
  Tensor residual = x;
  Tensor out = relu(bn1(conv1(x)));
  out = bn2(conv2(out));
  if (downsample) {
    residual = downsample_conv(residual);
    residual = downsample_bn(residual);
  }

  out += residual;
  out = relu(out);
  return out;
}

AlphaZeroNet::AlphaZeroNet(const unsigned int num_layers, int64_t num_channels, unsigned int n, unsigned int action_size)
      :res_layers(nullptr),p_conv(nullptr),v_conv(nullptr),
      p_bn(nullptr),v_bn(nullptr),p_fc(nullptr),v_fc1(nullptr),v_fc2(nullptr),
      p_log_softmax(nullptr){
    // residual tower: the first block takes the 3 input planes
    res_layers = nn::Sequential();
    res_layers->push_back(ResidualBlock(3, num_channels));
    for (unsigned int i = 1; i < num_layers; i++) {
        res_layers->push_back(ResidualBlock(num_channels, num_channels));
    }
    register_module("res_layers", res_layers);

    //  policy head
    p_conv = register_module("p_conv", nn::Conv2d(
      nn::Conv2dOptions(/*in_channel=*/num_channels, 4, /*kernel_size=*/1).padding(0).bias(false)));
    p_bn = register_module("p_bn", nn::BatchNorm2d(4));
    p_fc = register_module("p_fc", nn::Linear(4 * n * n, action_size));
    p_log_softmax = register_module("p_log_softmax", nn::LogSoftmax(/*dim=*/1));

    // value head
    v_conv = register_module("v_conv", nn::Conv2d(nn::Conv2dOptions(/*in_channel=*/num_channels, 2, /*kernel_size=*/1).padding(0).bias(false)));
    v_bn = register_module("v_bn", nn::BatchNorm2d(2));

    v_fc1 = register_module("v_fc1", nn::Linear(2 * n * n, 256));
    v_fc2 = register_module("v_fc2", nn::Linear(256, 1));
}

std::pair<Tensor, Tensor> AlphaZeroNet::forward(Tensor inputs) {
    Tensor out = res_layers->forward(inputs);

    // policy head
    Tensor p = p_conv(out);
    p = p_bn(p);
    p = relu(p);

    p = p_fc(p.view({p.size(0), -1}));
    // a stone on the point (either plane): not a legal move
    Tensor occupied = (inputs.select(1, 0) + inputs.select(1, 1)).flatten(1) > 0;
    p = p.masked_fill(occupied, -1e9);
    p = p_log_softmax(p);

    // value head
    Tensor v = v_conv(out);
    v = v_bn(v);
    v = relu(v);

    v = v_fc1(v.view({v.size(0), -1}));
    v = relu(v);
    v = tanh(v_fc2(v));

    return std::make_pair(p, v);
}

NeuralNetwork::NeuralNetwork(std::shared_ptr<AlphaZeroNet> module, unsigned int batch_size)
    : module(std::move(module)), batch_size(batch_size) {}

void NeuralNetwork::save_weights(std::string model_path) {
  torch::serialize::OutputArchive archive;
  this->module->save(archive);
  archive.save_to(model_path);
}

Tensor NeuralNetwork::transorm_gomoku_to_Tensor(Gomoku *gomoku) {
  int n = gomoku->get_n();

  // convert data format
  auto board = gomoku->get_board();
  std::vector<int> board0;
  for (unsigned int i = 0; i < board.size(); i++) {
    board0.insert(board0.end(), board[i].begin(), board[i].end());
  }

  torch::Tensor temp = torch::from_blob(&board0[0], {1, 1, n, n}, torch::dtype(torch::kInt32));

  torch::Tensor state0 = temp.gt(0).toType(torch::kFloat32);
  torch::Tensor state1 = temp.lt(0).toType(torch::kFloat32);

  int last_move = gomoku->get_last_move();
  int cur_player = gomoku->get_current_color();

  if (cur_player == -1) {
    std::swap(state0, state1);
  }

  torch::Tensor state2 = torch::zeros({1, 1, n, n}, torch::dtype(torch::kFloat32));

  if (last_move != -1) {
    state2[0][0][last_move / n][last_move % n] = 1;
  }

  return torch::cat({state0, state1, state2}, 1);
}

NeuralNetwork::return_type NeuralNetwork::commit(Gomoku *gomoku) {
  torch::NoGradGuard no_grad;
  this->module->eval();
  Tensor inputs = transorm_gomoku_to_Tensor(gomoku);
  inputs = USE_GPU ? inputs.to(at::kCUDA) : inputs;
  auto result = this->module->forward(inputs);
  Tensor p_batch = result.first.exp().toType(kFloat32).to(at::kCPU);
  Tensor v_batch = result.second.toType(kFloat32).to(at::kCPU);

  torch::Tensor p = p_batch[0];
  std::vector<double> prob(static_cast<float *>(p.data_ptr()),
                           static_cast<float *>(p.data_ptr()) + p.size(0));
  std::vector<double> value{v_batch[0].item<float>()};
  return {std::move(prob), std::move(value)};
}
