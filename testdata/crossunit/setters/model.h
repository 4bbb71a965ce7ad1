// ampify-tensor-core-alignment across TUs (tests/scale_test.py, CrossUnitSetters): builder
// options whose setters are defined out of line in another file than their calls. main.cpp sets
// a NetOptions through a chain of setters (defined in options.cpp) and builds the Net of net.cpp,
// which copies the sizes into a temporary BlockOptions through its setters (defined in block.cpp)
// for the Block of block.cpp. Each setter sets one member; `Widen` is not a plain setter. A value
// holds only where the defining file shows which member its setter sets and that no setter called
// after it sets the same one. Each expected finding has a CROSS-EXPECT comment on its line,
// followed by text of its message; every other line must give none.
#pragma once
#include <torch/torch.h>

struct NetOptions {
  int64_t dim = 64;
  int64_t ffn = 128;
  int64_t head_hidden = 256;
  int64_t classes = 8;
  double dropout = 0.1;

  NetOptions();
  auto Dim(int64_t x) -> NetOptions &;
  auto Ffn(int64_t x) -> NetOptions &;
  auto HeadHidden(int64_t x) -> NetOptions &;
  auto Classes(int64_t x) -> NetOptions &;
  auto Dropout(double x) -> NetOptions &;
  // Multiplies the width: not a setter of one member.
  auto Widen(int64_t factor) -> NetOptions &;
};

struct BlockOptions {
  int64_t dim = 64;
  int64_t ffn = 128;

  BlockOptions();
  BlockOptions &Dim(int64_t x);
  BlockOptions &Ffn(int64_t x);
};

struct BlockImpl : torch::nn::Module {
  explicit BlockImpl(const BlockOptions &o);
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};
TORCH_MODULE(Block);

struct NetImpl : torch::nn::Module {
  explicit NetImpl(const NetOptions &o);
  torch::Tensor forward(torch::Tensor x);
  Block block{nullptr};
  torch::nn::Linear head{nullptr}, out{nullptr};
};
TORCH_MODULE(Net);

// Built with options whose last setters make every size unknown or aligned.
struct ProbeImpl : torch::nn::Module {
  explicit ProbeImpl(const NetOptions &o);
  torch::Tensor forward(torch::Tensor x) { return proj(x); }
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Probe);
