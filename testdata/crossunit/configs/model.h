// ampify-tensor-core-alignment across TUs (tests/scale_test.py, CrossUnitConfigs): main.cpp
// default-builds a config struct and assigns some of its members (also its strings, which leave
// its sizes known) before it builds the model, or gets one from a function; model.cpp sizes
// layers with the members, alone or two of them computed together (`cfg.word_dim +
// cfg.shape_dim`), and with two parameters of one constructor (`hidden / heads`, `anchors *
// (classes + 5)`) or with one parameter twice (`2 * n * n`), or three (`agents * obs + agents *
// act`), each as one call passes them; a
// vocabulary counts where its table is the output projection too (tied); config.cpp defines a
// function that returns a config, which main.cpp passes to the model and computes a size from,
// and one that returns an experiment's config with the model's inside, which a trainer keeps and
// builds a module from, and which a seq2seq model keeps, handing its decoder a pointer to the
// model's part; a config whose base struct holds a size; an MLP config's list of widths; and a
// width a loop doubles. Each expected finding has a
// CROSS-EXPECT comment on its line, followed by text of its message; every other line must give
// none.
#pragma once
#include <torch/torch.h>

struct TaggerConfig {
  int64_t word_dim = 64;
  int64_t shape_dim = 20; // CROSS-EXPECT: `TaggerConfig::shape_dim` = 20 is not a multiple of 8
  int64_t hidden = 128;
  int64_t num_tags = 0;
  int64_t vocab = 0;
  std::string name = "tagger";
  std::vector<std::string> labels;
};

// Defined in config.cpp.
TaggerConfig make_config();

struct TaggerImpl : torch::nn::Module {
  explicit TaggerImpl(const TaggerConfig &cfg);
  torch::Tensor forward(torch::Tensor words, torch::Tensor shapes);
  torch::nn::Embedding shape_embedding{nullptr}, word_embedding{nullptr};
  torch::nn::Linear input{nullptr}, head{nullptr};
};
TORCH_MODULE(Tagger);

struct HeadsImpl : torch::nn::Module {
  HeadsImpl(int64_t hidden, int64_t heads);
  torch::Tensor forward(torch::Tensor x) { return per_head(x); }
  torch::nn::Linear per_head{nullptr};
};
TORCH_MODULE(Heads);

// Built by main.cpp with a size another function may change: no call passes the default, so its
// 2 * 18 = 36 is no value of the layer.
struct EmbedImpl : torch::nn::Module {
  explicit EmbedImpl(int64_t nfreq = 18);
  torch::Tensor forward(torch::Tensor x) { return embed(x); }
  torch::nn::Linear embed{nullptr};
};
TORCH_MODULE(Embed);
void tune_frequencies(int64_t &nfreq);

// A board game's value head: the board's side used twice (`2 * n * n`), as one call passes it.
struct BoardHeadImpl : torch::nn::Module {
  explicit BoardHeadImpl(int64_t n);
  torch::Tensor forward(torch::Tensor x) { return value(x); }
  torch::nn::Linear value{nullptr};
};
TORCH_MODULE(BoardHead);

// A multi-agent critic sees every agent's observation and action: `agents * obs + agents * act`,
// three parameters of one call.
struct CentralCriticImpl : torch::nn::Module {
  CentralCriticImpl(int64_t agents, int64_t obs, int64_t act);
  torch::Tensor forward(torch::Tensor x) { return q(x); }
  torch::nn::Linear q{nullptr};
};
TORCH_MODULE(CentralCritic);

// LibTorch's attention: its head dim is embed_dim / num_heads, as each call passes them.
struct PoolImpl : torch::nn::Module {
  PoolImpl(int64_t dim, int64_t heads);
  torch::Tensor forward(torch::Tensor x) { return std::get<0>(attention(x, x, x)); }
  torch::nn::MultiheadAttention attention{nullptr};
};
TORCH_MODULE(Pool);

// An experiment's config holds the model's: config.cpp fills it, main.cpp passes it to a Trainer,
// which keeps it and builds its projector from it through a function of model.cpp.
struct ExperimentConfig {
  TaggerConfig model;
  int64_t epochs = 1;
};
ExperimentConfig make_experiment();

struct ProjectorImpl : torch::nn::Module {
  explicit ProjectorImpl(int64_t width);
  torch::Tensor forward(torch::Tensor x) { return proj(x); }
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Projector);
Projector build_projector(const ExperimentConfig &config);

class Trainer {
public:
  explicit Trainer(ExperimentConfig conf);

private:
  ExperimentConfig config_;
  Projector projector_{nullptr};
};

// A model that keeps its config and hands a part of it to a submodule through a pointer
// (`Decoder(&options_.model)`), as d2l's seq2seq hands its decoder `&options_.decoder`.
struct DecoderImpl : torch::nn::Module {
  explicit DecoderImpl(const TaggerConfig *options);
  torch::Tensor forward(torch::Tensor x) { return out(x); }
  torch::nn::Linear out{nullptr};
};
TORCH_MODULE(Decoder);

struct Seq2SeqImpl : torch::nn::Module {
  explicit Seq2SeqImpl(const ExperimentConfig &options);
  torch::Tensor forward(torch::Tensor x) { return decoder(x); }
  ExperimentConfig options_;
  Decoder decoder{nullptr};
};
TORCH_MODULE(Seq2Seq);

// A config struct whose sizes are partly its base's (as splat renderers split appearance from
// geometry): main.cpp passes it by const reference, model.cpp reads the base's member.
struct AppearanceBase {
  int64_t feature_dim = 30; // CROSS-EXPECT: `AppearanceBase::feature_dim` = 30 is not a multiple of 8
};
struct AppearanceConfig : AppearanceBase {
  int64_t hidden = 64;
};
torch::nn::Sequential make_color_decoder(const AppearanceConfig &cfg);

// A detection head: anchors * (classes + 5) outputs per cell, two parameters of one call, the
// second computed with a constant first; the anchors left to their default.
struct DetectHeadImpl : torch::nn::Module {
  DetectHeadImpl(int64_t channels, int64_t classes, int64_t anchors = 3);
  torch::Tensor forward(torch::Tensor x) { return conv(x); }
  torch::nn::Conv2d conv{nullptr};
};
TORCH_MODULE(DetectHead);

// An MLP's widths, a list member of its config: main.cpp assigns the list before it builds the
// model, or leaves the default (aligned), or appends to it (unknown).
struct MlpConfig {
  std::vector<int64_t> widths{64, 64};
};
struct MlpImpl : torch::nn::Module {
  explicit MlpImpl(const MlpConfig &config);
  torch::Tensor forward(torch::Tensor x) { return x; }
  torch::nn::Sequential layers;
};
TORCH_MODULE(Mlp);

// A stack's widths, a list member of a config that config.cpp's read_stack_config() fills and
// returns, and main.cpp passes on unchanged: the constructor's counting loop pairs each width
// with the next, and the last one sizes the head.
struct StackConfig {
  std::vector<int64_t> widths{64, 64};
};
StackConfig read_stack_config();
struct StackImpl : torch::nn::Module {
  explicit StackImpl(const StackConfig &config);
  torch::Tensor forward(torch::Tensor x) { return layers->forward(x); }
  torch::nn::Sequential layers;
};
TORCH_MODULE(Stack);

// A UNet-style stack whose width the constructor's loop doubles (`ch *= 2;`), from the base width
// main.cpp passes: each iteration's width, and the width after the loop.
struct StepsImpl : torch::nn::Module {
  explicit StepsImpl(int64_t base);
  torch::Tensor forward(torch::Tensor x) { return head(stages->forward(x)); }
  torch::nn::Sequential stages;
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Steps);
