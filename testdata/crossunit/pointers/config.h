// ampify-tensor-core-alignment across TUs (tests/scale_test.py, CrossUnitPointers): a parameter
// struct reached through pointers, C style. main.cpp allocates it (`malloc`, `new`) or declares
// it, has config.cpp's functions fill it through a `RunParams *` parameter, writes members
// through the pointer itself, and passes it to train.cpp's `train(const RunParams *)` or to
// net.cpp's modules, which read the sizes through `->`. A member read there holds what the last
// write before the call left: a filler's last assignment, or main.cpp's own `q->hidden = 100`.
// A filler that keeps the pointer, a library call given it, or a member a later filler writes
// leaves nothing known. Each expected finding has a CROSS-EXPECT comment on its line, followed
// by text of its message; every other line must give none.
#pragma once
#include <torch/torch.h>

struct RunParams {
  unsigned noise;
  unsigned batch;
  int64_t hidden = 64;
  int64_t heads;
};

// noise 100, batch 32, hidden 60, heads 20 (config.cpp).
void init_params(RunParams *params);
// Writes `batch` in a switch, never `noise`: what init_params left in `noise` holds.
int parse_args(int argc, char **argv, RunParams *params);
// Writes `heads` with a value known only at run time.
void widen(RunParams *params, int extra);
// Writes `heads` = 36; called on one side of `&&` only, it may or may not have run.
int shrink(RunParams *params);
// Keeps the pointer for later writes: after it, nothing is known.
void remember(RunParams *params);
// Reads `noise` to size the generator (train.cpp).
void train(const RunParams *params);

struct GenImpl : torch::nn::Module {
  explicit GenImpl(int noise) : deconv(torch::nn::ConvTranspose2dOptions(noise, 128, 4).bias(false)) { // CROSS-EXPECT: in_channels = 100 of
    register_module("deconv", deconv);
  }
  torch::Tensor forward(torch::Tensor z) { return deconv(z); }
  torch::nn::ConvTranspose2d deconv;
};
TORCH_MODULE(Gen);

// Sizes read through a non-const pointer the module never writes through.
struct NetImpl : torch::nn::Module {
  explicit NetImpl(RunParams *params);
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// Sizes read through a pointer to const.
struct HeadsImpl : torch::nn::Module {
  explicit HeadsImpl(const RunParams *params);
  torch::Tensor forward(torch::Tensor x) { return proj(x); }
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Heads);
