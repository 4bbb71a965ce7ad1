#include "model.h"

TaggerImpl::TaggerImpl(const TaggerConfig &cfg)
    : shape_embedding(register_module("shape_embedding", torch::nn::Embedding(100, cfg.shape_dim))),
      input(register_module("input", torch::nn::Linear(cfg.word_dim + cfg.shape_dim, cfg.hidden))), // CROSS-EXPECT: in_features = 84 of Linear `input` is not a multiple of 8
      head(register_module("head", torch::nn::Linear(cfg.hidden, cfg.num_tags))) {
  word_embedding = register_module("word_embedding", torch::nn::Embedding(cfg.vocab, cfg.hidden));
}

torch::Tensor TaggerImpl::forward(torch::Tensor words, torch::Tensor shapes) {
  auto hidden = torch::relu(input(torch::cat({words, shape_embedding(shapes)}, -1)));
  return head(hidden) + torch::linear(hidden, word_embedding->weight).sum(); // tied to the table
}

PoolImpl::PoolImpl(int64_t dim, int64_t heads) {
  attention = register_module("attention", torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(dim, heads))); // CROSS-EXPECT: head dim (embed_dim / num_heads) = 30 of MultiheadAttention `attention` is not a multiple of 8
}

HeadsImpl::HeadsImpl(int64_t hidden, int64_t heads)
    : per_head(register_module("per_head", torch::nn::Linear(hidden / heads, 64))) {} // CROSS-EXPECT: in_features = 20 of Linear `per_head` is not a multiple of 8

BoardHeadImpl::BoardHeadImpl(int64_t n)
    : value(register_module("value", torch::nn::Linear(2 * n * n, 256))) {} // CROSS-EXPECT: in_features = 98 of Linear `value` is not a multiple of 8

CentralCriticImpl::CentralCriticImpl(int64_t agents, int64_t obs, int64_t act)
    : q(register_module("q", torch::nn::Linear(agents * obs + agents * act, 64))) {} // CROSS-EXPECT: in_features = 18 of Linear `q` is not a multiple of 8

EmbedImpl::EmbedImpl(int64_t nfreq) : embed(register_module("embed", torch::nn::Linear(2 * nfreq, 64))) {}

ProjectorImpl::ProjectorImpl(int64_t width) : proj(register_module("proj", torch::nn::Linear(width, 128))) {} // CROSS-EXPECT: in_features = 44 of Linear `proj` is not a multiple of 8

Projector build_projector(const ExperimentConfig &config) { return Projector(config.model.hidden); }

Trainer::Trainer(ExperimentConfig conf) : config_(conf), projector_(build_projector(config_)) {}

DetectHeadImpl::DetectHeadImpl(int64_t channels, int64_t classes, int64_t anchors)
    : conv(register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, anchors * (classes + 5), 1)))) {} // CROSS-EXPECT: out_channels = 27 of Conv2d `conv` is not a multiple of 8

DecoderImpl::DecoderImpl(const TaggerConfig *options) {
  out = register_module("out", torch::nn::Linear(options->word_dim, options->hidden)); // CROSS-EXPECT: out_features = 44 of Linear `out` is not a multiple of 8
}

Seq2SeqImpl::Seq2SeqImpl(const ExperimentConfig &options) : options_(options) {
  decoder = register_module("decoder", Decoder(&options_.model));
}

torch::nn::Sequential make_color_decoder(const AppearanceConfig &cfg) {
  return torch::nn::Sequential(torch::nn::Linear(cfg.feature_dim, cfg.hidden), torch::nn::ReLU());
}

MlpImpl::MlpImpl(const MlpConfig &config) {
  int64_t prev = 32;
  for (int64_t width : config.widths) {
    layers->push_back(torch::nn::Linear(prev, width)); // CROSS-EXPECT: out_features = 44 of Linear is not a multiple of 8
    prev = width;
  }
  layers->push_back(torch::nn::Linear(prev, 16)); // CROSS-EXPECT: in_features = 44 of Linear is not a multiple of 8
  register_module("layers", layers);
}

StackImpl::StackImpl(const StackConfig &config) {
  layers->push_back(torch::nn::Linear(3, config.widths[0]));
  for (std::size_t i = 0; i + 1 < config.widths.size(); ++i)
    layers->push_back(torch::nn::Linear(config.widths[i], config.widths[i + 1])); // CROSS-EXPECT: out_features = 36 of Linear is not a multiple of 8
  layers->push_back(torch::nn::Linear(config.widths.back(), 1)); // CROSS-EXPECT: in_features = 36 of Linear is not a multiple of 8
  register_module("layers", layers);
}

StepsImpl::StepsImpl(int64_t base) {
  int64_t ch = base;
  for (int64_t i = 0; i < 2; ++i) {
    stages->push_back(torch::nn::Linear(ch, // CROSS-EXPECT: in_features = 20 of Linear is not a multiple of 8
                                        ch * 2)); // CROSS-EXPECT: out_features = 20 of Linear is not a multiple of 8
    ch *= 2;
  }
  head = register_module("head", torch::nn::Linear(ch + 4, 10)); // CROSS-EXPECT: in_features = 44 of Linear `head` is not a multiple of 8
  register_module("stages", stages);
}
