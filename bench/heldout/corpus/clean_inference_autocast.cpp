// Beam-search style inference under autocast written AMP-safely: -inf masks, log_softmax (fp32),
// eps added to fp32 values, integer bookkeeping.
#include <torch/torch.h>
#include <ampify/amp.h>

#include <limits>

struct DecoderImpl : torch::nn::Module {
  DecoderImpl()
      : emb(register_module("emb", torch::nn::Embedding(32000, 512))),
        cell(register_module("cell", torch::nn::GRUCell(512, 512))),
        out(register_module("out", torch::nn::Linear(512, 32000))) {}
  torch::Tensor forward(const torch::Tensor& tok, torch::Tensor& h) {
    h = cell(emb(tok), h);
    return out(h);
  }
  torch::nn::Embedding emb;
  torch::nn::GRUCell cell;
  torch::nn::Linear out;
};
TORCH_MODULE(Decoder);

torch::Tensor greedy(Decoder& dec, torch::Tensor h, int64_t bos, int64_t eos, int64_t max_len) {
  torch::NoGradGuard no_grad;
  ampify::Autocast autocast;
  auto tok = torch::full({h.size(0)}, bos, torch::kLong);
  auto finished = torch::zeros({h.size(0)}, torch::kBool);
  std::vector<torch::Tensor> out;
  for (int64_t t = 0; t < max_len; ++t) {
    auto logits = dec->forward(tok, h);
    logits = logits.masked_fill(finished.unsqueeze(1), -std::numeric_limits<float>::infinity());
    auto logp = torch::log_softmax(logits, -1);
    auto entropy = -(logp.exp() * (logp + 1e-9)).sum(-1);
    tok = std::get<1>(logp.max(-1));
    finished = finished.logical_or(tok == eos).logical_or(entropy < 1e-6);
    out.push_back(tok);
  }
  return torch::stack(out, 1);
}
