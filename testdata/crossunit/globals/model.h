// The model whose sizes come from globals of other files (CrossUnitGlobals).
#pragma once
#include <torch/torch.h>

struct CharNetImpl : torch::nn::Module {
  CharNetImpl(int input_size, int hidden_size);
  torch::Tensor forward(torch::Tensor x) { return out(torch::relu(in(x))); }
  torch::nn::Linear in{nullptr}, out{nullptr};
};
TORCH_MODULE(CharNet);

struct WideImpl : torch::nn::Module {
  explicit WideImpl(int width);
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Wide);

// Sized by the sum of two arguments, as the char-RNN tutorials' cell is; defined here, so main.cpp's
// TU holds the layer.
struct CellImpl : torch::nn::Module {
  CellImpl(int input_size, int hidden_size) {
    i2h = register_module("i2h", torch::nn::Linear(input_size + hidden_size, 64)); // CROSS-EXPECT: in_features = 157 of Linear `i2h` is not a multiple of 8
  }
  torch::Tensor forward(torch::Tensor x) { return i2h(x); }
  torch::nn::Linear i2h{nullptr};
};
TORCH_MODULE(Cell);
