// Small eps values that are options of fp32 layers or of fp32 reductions: not hazards.
#include <torch/torch.h>
#include <ampify/amp.h>

namespace F = torch::nn::functional;

struct EncoderBlockImpl : torch::nn::Module {
  EncoderBlockImpl()
      : ln(register_module("ln", torch::nn::LayerNorm(torch::nn::LayerNormOptions({768}).eps(1e-12)))),
        fc(register_module("fc", torch::nn::Linear(768, 3072))),
        proj(register_module("proj", torch::nn::Linear(3072, 768))),
        bn(register_module("bn", torch::nn::BatchNorm1d(torch::nn::BatchNorm1dOptions(768).eps(1e-5)))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    auto h = proj(torch::gelu(fc(ln(x))));
    return x + bn(h.transpose(1, 2)).transpose(1, 2);
  }

  torch::nn::LayerNorm ln;
  torch::nn::Linear fc, proj;
  torch::nn::BatchNorm1d bn;
};
TORCH_MODULE(EncoderBlock);

torch::Tensor embed(EncoderBlock& block, const torch::Tensor& x) {
  ampify::Autocast autocast;
  auto h = block(x);
  auto pooled = h.mean(1);
  auto unit = F::normalize(pooled, F::NormalizeFuncOptions().p(2).dim(-1).eps(1e-12));
  auto var = torch::var(h.to(torch::kFloat), 1) + 1e-6;
  auto rms = torch::rsqrt(h.pow(2).mean(-1, true) + 1e-6);
  return unit * var.mean() * rms.mean();
}
