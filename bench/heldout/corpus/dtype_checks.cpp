// Custom ops with exact-dtype preconditions, called on fp16 activations inside autocast.
#include <torch/torch.h>
#include <ampify/amp.h>

torch::Tensor rms_scale(const torch::Tensor& x, double eps) {
  TORCH_CHECK(x.scalar_type() == at::kFloat, "rms_scale expects float32 input"); // EXPECT: ampify-dtype-assumption
  return x * torch::rsqrt(x.pow(2).mean(-1, true) + eps);
}

torch::Tensor maybe_quantize(const torch::Tensor& x) {
  if (x.dtype() == torch::kFloat32) { // EXPECT: ampify-dtype-assumption
    return torch::round(x * 127.0) / 127.0;
  }
  return x;
}

torch::Tensor checked_floating(const torch::Tensor& x) {
  TORCH_CHECK(x.is_floating_point(), "checked_floating expects a floating tensor");
  return x * 2;
}

struct BlockImpl : torch::nn::Module {
  BlockImpl() : fc(register_module("fc", torch::nn::Linear(384, 384))) {}
  torch::Tensor forward(const torch::Tensor& x) {
    auto h = fc(x);
    return maybe_quantize(h) + rms_scale(h, 1e-5) + checked_floating(h);
  }
  torch::nn::Linear fc;
};
TORCH_MODULE(Block);

torch::Tensor step(Block& block, const torch::Tensor& x) {
  ampify::Autocast autocast;
  return block(x);
}
