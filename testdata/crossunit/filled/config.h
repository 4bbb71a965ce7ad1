// ampify-tensor-core-alignment across TUs (tests/scale_test.py, CrossUnitFilled): a config struct
// filled through a non-const reference by a function of another file. main.cpp declares the
// structs and calls config.cpp's loaders (`load_config(cfg);`), then builds net.cpp's modules
// with them. A member read after such a call holds what config.cpp's function leaves there: the
// value of its last assignment when that is a statement of the function's body and the function
// returns only at its end; also one whose sizes are in its base struct, which a trainer of
// net.cpp takes by non-const reference and keeps, reading it later. Each expected finding has a
// CROSS-EXPECT comment on its line, followed by text of its message; every other line must give
// none.
#pragma once
#include <torch/torch.h>

struct TrainConfig {
  int64_t embed = 0;
  int64_t hidden = 0;
  int64_t classes = 0;
  int64_t patch = 0;
  int64_t overlap = 0;
  int64_t stride = 0;
  int64_t heads = 0;
  double lr = 0.0;
};

// Every size, one computed from two others (config.cpp).
void load_config(TrainConfig &cfg);
// `hidden` last assigned in a branch: unknown.
void load_small(TrainConfig &cfg, bool wide);
// May return before its last assignment of `hidden`: unknown.
void load_early(TrainConfig &cfg, bool quick);
// Multiplies `hidden` in place: unknown.
void rescale(TrainConfig &cfg, int64_t factor);
// Fillers that run after load_config: one writes `embed` and `patch` only, so `heads` keeps
// load_config's 20; the other writes `heads` with a value known only at run time.
void apply_overrides(TrainConfig &cfg, int argc);
void widen_heads(TrainConfig &cfg, int64_t extra);

struct NetImpl : torch::nn::Module {
  explicit NetImpl(const TrainConfig &c);
  torch::Tensor forward(torch::Tensor x, torch::Tensor patches);
  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, patch_proj{nullptr};
};
TORCH_MODULE(Net);

// Built only with configs whose `hidden` is unknown here or aligned.
struct ProbeImpl : torch::nn::Module {
  explicit ProbeImpl(const TrainConfig &c);
  torch::Tensor forward(torch::Tensor x) { return proj(x); }
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Probe);

// Each built with one of the configs the fillers above ran on.
struct HeadsImpl : torch::nn::Module {
  explicit HeadsImpl(const TrainConfig &c);
  torch::Tensor forward(torch::Tensor x) { return proj(x); }
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Heads);
struct TailsImpl : torch::nn::Module {
  explicit TailsImpl(const TrainConfig &c);
  torch::Tensor forward(torch::Tensor x) { return proj(x); }
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Tails);

// A config whose size is in its base struct, filled by config.cpp, then handed by non-const
// reference to a trainer of net.cpp that keeps a reference to it and builds its head later.
struct SizesBase {
  int64_t width = 0;
};
struct SystemConfig : SizesBase {
  int64_t epochs = 0;
};
void load_system(SystemConfig &cfg);

class Trainer {
public:
  explicit Trainer(SystemConfig &config);
  torch::Tensor build_and_run(torch::Tensor x);

private:
  SystemConfig &config_;
  torch::nn::Linear head_{nullptr};
};
