// ampify-tensor-core-alignment across TUs (tests/scale_test.py, CrossUnit): the models are
// defined in model.cpp, their sizes passed from main.cpp. Each expected finding has a CROSS-EXPECT
// comment on its line, followed by text of its message; every other line must give none.
#pragma once
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl(int64_t in, int64_t hidden, int64_t classes);
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  torch::nn::BatchNorm1d bn{nullptr};
};
TORCH_MODULE(Net);

// Its width is only known at run time: nothing is reported.
struct HeadImpl : torch::nn::Module {
  explicit HeadImpl(int64_t width);
  torch::Tensor forward(torch::Tensor x) { return proj(x); }
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Head);

torch::nn::Linear make_layer(int64_t in, int64_t out);

// A bidirectional RNN's output is twice its hidden size: model.cpp computes the width it uses.
struct BiHeadImpl : torch::nn::Module {
  explicit BiHeadImpl(int64_t hidden);
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(BiHead);

// Sizes carried by a config struct, read from the parameter and from a member copy of it.
struct EncoderConfig {
  int64_t in_features;
  int64_t width = 256;
};

struct EncoderImpl : torch::nn::Module {
  explicit EncoderImpl(const EncoderConfig &config);
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Encoder);

struct TrunkImpl : torch::nn::Module {
  explicit TrunkImpl(EncoderConfig config);
  torch::Tensor forward(torch::Tensor x) { return body(x); }
  EncoderConfig config_;
  torch::nn::Linear body{nullptr};
};
TORCH_MODULE(Trunk);
