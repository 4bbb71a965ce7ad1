// Masking helpers with named constants, called on fp16 attention logits from an autocast region.
#include <torch/torch.h>
#include <ampify/amp.h>

namespace {
constexpr double kMaskValue = -1e9;
constexpr float kLargeNegative = -1.0f * 100000.0f;
constexpr double kSafeMask = -65000.0;
}  // namespace

void mask_padding_(torch::Tensor& logits, const torch::Tensor& pad) {
  logits.masked_fill_(pad, kMaskValue); // EXPECT: ampify-fp16-overflow-constant
}

torch::Tensor mask_future(const torch::Tensor& logits, const torch::Tensor& future) {
  auto fill = torch::full_like(logits, kLargeNegative); // EXPECT: ampify-fp16-overflow-constant
  return torch::where(future, fill, logits);
}

torch::Tensor mask_safe(const torch::Tensor& logits, const torch::Tensor& pad) {
  return logits.masked_fill(pad, kSafeMask);
}

torch::Tensor pointer_logits(torch::nn::Linear& query, const torch::Tensor& h, const torch::Tensor& keys,
                             const torch::Tensor& pad, const torch::Tensor& future) {
  ampify::Autocast autocast;
  auto logits = torch::bmm(query(h), keys.transpose(1, 2));
  mask_padding_(logits, pad);
  auto masked = mask_future(logits, future);
  return mask_safe(masked, pad);
}
