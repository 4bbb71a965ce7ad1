// dtype checks that hold under autocast: on inputs before the region, on integer targets, on
// fp32-policy outputs, and after an explicit cast.
#include <torch/torch.h>
#include <ampify/amp.h>

torch::Tensor preprocess(const torch::Tensor& img) {
  TORCH_CHECK(img.scalar_type() == torch::kByte || img.scalar_type() == torch::kFloat, "bad image dtype");
  if (img.scalar_type() == torch::kFloat) return img;
  return img.to(torch::kFloat).div_(255.0);
}

torch::Tensor loss_fn(torch::nn::Linear& fc, torch::nn::LayerNorm& ln, const torch::Tensor& raw,
                      const torch::Tensor& target) {
  auto x = preprocess(raw).flatten(1);
  ampify::Autocast autocast;
  TORCH_CHECK(target.scalar_type() == torch::kLong, "targets must be class indices");
  auto h = ln(fc(x));
  TORCH_CHECK(h.scalar_type() == at::kFloat, "layer_norm output is fp32 under autocast");
  auto logp = torch::log_softmax(fc(x), -1);
  TORCH_CHECK(logp.dtype() == torch::kFloat32);
  auto casted = fc(x).to(torch::kFloat);
  TORCH_CHECK(casted.scalar_type() == at::kFloat);
  return torch::nll_loss(logp, target) + h.mean() + casted.mean();
}
