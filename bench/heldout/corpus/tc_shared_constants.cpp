// A small decoder whose widths come from a handful of shared constants, as in most C++ ports of
// GPT-style models. Two of them are misaligned; each should be reported once, where it is defined.
#include <torch/torch.h>

namespace cfg {
constexpr int64_t d_model = 252;  // EXPECT: ampify-tensor-core-alignment
constexpr int64_t vocab = 50257;  // EXPECT: ampify-tensor-core-alignment
constexpr int64_t d_ff = 1024;
constexpr int64_t n_layer = 4;
}  // namespace cfg

struct BlockImpl : torch::nn::Module {
  BlockImpl()
      : ln1(register_module("ln1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({cfg::d_model})))),
        qkv(register_module("qkv", torch::nn::Linear(cfg::d_model, 3 * cfg::d_model))),  // EXPECT: ampify-tensor-core-alignment
        proj(register_module("proj", torch::nn::Linear(cfg::d_model, cfg::d_model))),
        fc_in(register_module("fc_in", torch::nn::Linear(cfg::d_model, cfg::d_ff))),
        fc_out(register_module("fc_out", torch::nn::Linear(cfg::d_ff, cfg::d_model))) {}

  torch::Tensor forward(torch::Tensor x) {
    auto h = qkv(ln1(x)).chunk(3, -1);
    x = x + proj(h[0]);
    return x + fc_out(torch::gelu(fc_in(x)));
  }

  torch::nn::LayerNorm ln1;
  torch::nn::Linear qkv, proj, fc_in, fc_out;
};
TORCH_MODULE(Block);

struct DecoderImpl : torch::nn::Module {
  DecoderImpl() {
    wte = register_module("wte", torch::nn::Embedding(cfg::vocab, cfg::d_model));
    for (int64_t i = 0; i < cfg::n_layer; ++i)
      blocks->push_back(Block());
    register_module("blocks", blocks);
    head = register_module("head", torch::nn::Linear(torch::nn::LinearOptions(cfg::d_model, cfg::vocab).bias(false)));
    classifier = register_module("classifier", torch::nn::Linear(cfg::d_ff, 1001));  // EXPECT: ampify-tensor-core-alignment
  }

  torch::Tensor forward(torch::Tensor ids) { return head(blocks->forward(wte(ids))); }

  torch::nn::Embedding wte{nullptr};
  torch::nn::Sequential blocks;
  torch::nn::Linear head{nullptr}, classifier{nullptr};
};
TORCH_MODULE(Decoder);

int main() {
  Decoder model;
  auto logits = model(torch::randint(0, cfg::vocab, {2, 8}));
  return static_cast<int>(logits.size(-1));
}
