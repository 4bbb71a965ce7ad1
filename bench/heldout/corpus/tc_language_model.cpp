// A GPT-2-sized vocabulary with a tied output projection, an LSTM encoder and attention.
#include <torch/torch.h>

namespace {
constexpr int64_t kVocab = 50257; // EXPECT: ampify-tensor-core-alignment
constexpr int64_t kDim = 768;
constexpr int64_t kHeads = 12;
constexpr int64_t kGloveDim = 300; // EXPECT: ampify-tensor-core-alignment
}  // namespace

struct LanguageModelImpl : torch::nn::Module {
  LanguageModelImpl()
      : tok(register_module("tok", torch::nn::Embedding(kVocab, kDim))),
        attn(register_module("attn", torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(kDim, kHeads)))),
        lstm(register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(kGloveDim, 512).batch_first(true)))),
        lm_head(register_module("lm_head", torch::nn::Linear(torch::nn::LinearOptions(kDim, kVocab).bias(false)))) {
    lm_head->weight = tok->weight;
  }

  torch::Tensor forward(const torch::Tensor& ids) {
    auto h = tok(ids).transpose(0, 1);
    auto a = std::get<0>(attn(h, h, h)).transpose(0, 1);
    return lm_head(a);
  }

  torch::nn::Embedding tok;
  torch::nn::MultiheadAttention attn;
  torch::nn::LSTM lstm;
  torch::nn::Linear lm_head;
};
TORCH_MODULE(LanguageModel);

int main() {
  LanguageModel lm;
  auto logits = lm(torch::randint(0, kVocab, {4, 16}));
  return static_cast<int>(logits.size(-1));
}
