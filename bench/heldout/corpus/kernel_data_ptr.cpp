// A CPU extension op (fused bias + GELU written with raw pointers) called from a model that
// runs under autocast.
#include <torch/torch.h>
#include <ampify/amp.h>

#include <cmath>

torch::Tensor fused_bias_gelu(const torch::Tensor& x, const torch::Tensor& bias) {
  auto out = torch::empty_like(x);
  const float* in = x.data_ptr<float>(); // EXPECT: ampify-custom-kernel-dtype
  const float* b = bias.data_ptr<float>();
  float* o = out.data_ptr<float>(); // EXPECT: ampify-custom-kernel-dtype
  const int64_t cols = x.size(-1);
  for (int64_t i = 0; i < x.numel(); ++i) {
    const float v = in[i] + b[i % cols];
    o[i] = 0.5f * v * (1.0f + std::erf(v / std::sqrt(2.0f)));
  }
  return out;
}

torch::Tensor fused_bias_gelu_fp32(const torch::Tensor& x, const torch::Tensor& bias) {
  auto xf = x.to(torch::kFloat).contiguous();
  auto out = torch::empty_like(xf);
  const float* in = xf.data_ptr<float>();
  const float* b = bias.data_ptr<float>();
  float* o = out.data_ptr<float>();
  for (int64_t i = 0; i < xf.numel(); ++i) o[i] = std::max(0.0f, in[i] + b[i % xf.size(-1)]);
  return out;
}

struct FfnImpl : torch::nn::Module {
  FfnImpl()
      : up(register_module("up", torch::nn::Linear(torch::nn::LinearOptions(1024, 4096).bias(false)))),
        down(register_module("down", torch::nn::Linear(4096, 1024))) {
    bias = register_parameter("bias", torch::zeros({4096}));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    auto h = up(x);
    return down(fused_bias_gelu(h, bias)) + down(fused_bias_gelu_fp32(h, bias));
  }
  torch::nn::Linear up, down;
  torch::Tensor bias;
};
TORCH_MODULE(Ffn);

torch::Tensor run(Ffn& ffn, const torch::Tensor& x) {
  ampify::Autocast autocast(c10::kCPU);
  return ffn(x);
}
