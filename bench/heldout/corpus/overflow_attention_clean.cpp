// The same attention, written AMP-safely: -inf for the mask, and a -1e4 bias that fp16 holds.
// A -1e9 mask on a tensor that is fp32 (outside autocast, or after softmax) is fine.
#include <torch/torch.h>
#include <ampify/amp.h>

#include <cmath>
#include <limits>

struct CausalAttentionImpl : torch::nn::Module {
  explicit CausalAttentionImpl(int64_t d_model)
      : q_proj(register_module("q", torch::nn::Linear(d_model, d_model))),
        k_proj(register_module("k", torch::nn::Linear(d_model, d_model))),
        v_proj(register_module("v", torch::nn::Linear(d_model, d_model))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    auto T = x.size(1);
    auto q = q_proj(x), k = k_proj(x), v = v_proj(x);
    auto scores = torch::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(x.size(-1)));
    auto causal = torch::ones({T, T}, x.options().dtype(torch::kBool)).triu(1);
    scores = scores.masked_fill(causal, -std::numeric_limits<float>::infinity());
    auto bias = torch::zeros({T, T}, x.options()).masked_fill(causal, -1e4);
    return torch::matmul(torch::softmax(scores + bias, -1), v);
  }

  torch::nn::Linear q_proj, k_proj, v_proj;
};
TORCH_MODULE(CausalAttention);

torch::Tensor infer(CausalAttention& attn, const torch::Tensor& x) {
  torch::NoGradGuard no_grad;
  ampify::Autocast autocast;
  return attn(x);
}

// Reference implementation used by the unit tests: plain fp32, no autocast anywhere.
torch::Tensor reference_scores(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& mask) {
  auto scores = torch::matmul(q, k.transpose(-2, -1));
  return scores.masked_fill(mask, -1e9);
}

torch::Tensor masked_probs(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& mask) {
  ampify::Autocast autocast;
  auto probs = torch::softmax(torch::matmul(q, k.transpose(-2, -1)), -1);
  return probs.masked_fill(mask, -1e9);
}
