// AMPIFY: check --checks=-*,ampify-dtype-assumption
#include <torch/torch.h>
#include <ampify/amp.h>


torch::Tensor my_op(torch::Tensor x) {
  TORCH_CHECK(x.scalar_type() == at::kFloat, "my_op expects float");
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: this dtype check expects float32, but the tensor is fp16 here [ampify-dtype-assumption]
  // CHECK-MESSAGES: note: `x` is fp16 because it is the argument of the call
  if (x.dtype() == torch::kFloat32)
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: this dtype check expects float32
    return x;
  return x * 2;
}

torch::Tensor forward(torch::nn::Linear fc, torch::Tensor input) {
  ampify::Autocast autocast;
  return my_op(fc(input));
}

// Negative cases.
torch::Tensor other_op(torch::Tensor x) {
  TORCH_CHECK(x.scalar_type() == at::kFloat, "other_op expects float");
  return x;
}

torch::Tensor fine(torch::nn::Linear fc, torch::nn::LayerNorm norm, torch::Tensor input) {
  auto a = other_op(input);  // outside any region
  ampify::Autocast autocast;
  auto b = other_op(norm(input));  // layer_norm runs in fp32
  auto h = fc(input);
  bool half = h.scalar_type() == at::kHalf;  // checks for the low dtype are fine
  return a + b;
}
