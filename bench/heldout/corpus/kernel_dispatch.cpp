// A row-scaling kernel dispatched on the tensor's dtype, reached with an fp16 matmul output.
#include <torch/torch.h>
#include <ampify/amp.h>

template <typename scalar_t>
void scale_rows_impl(torch::Tensor x, double factor) {
  auto* p = x.data_ptr<scalar_t>();
  for (int64_t i = 0; i < x.numel(); ++i) p[i] = static_cast<scalar_t>(p[i] * factor);
}

void scale_rows(torch::Tensor x, double factor) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale_rows", [&] { scale_rows_impl<scalar_t>(x, factor); }); // EXPECT: ampify-custom-kernel-dtype
}

void scale_rows_any(torch::Tensor x, double factor) {
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, x.scalar_type(), "scale_rows_any",
                                  [&] { scale_rows_impl<scalar_t>(x, factor); });
}

torch::Tensor attention_scores(const torch::Tensor& q, const torch::Tensor& k) {
  ampify::Autocast autocast(c10::kCPU);
  auto s = torch::matmul(q, k.transpose(-2, -1)).contiguous();
  scale_rows(s, 0.125);
  scale_rows_any(s, 0.5);
  return s;
}

torch::Tensor reference_scores(const torch::Tensor& q, const torch::Tensor& k) {
  auto s = torch::matmul(q, k.transpose(-2, -1)).contiguous();
  AT_DISPATCH_FLOATING_TYPES(s.scalar_type(), "reference", [&] { scale_rows_impl<scalar_t>(s, 0.125); });
  return s;
}
