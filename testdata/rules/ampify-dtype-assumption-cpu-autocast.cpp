// AMPIFY: check --checks=-*,ampify-dtype-assumption
// CPU autocast has a cast policy list of its own (LibTorch registers it for AutocastCPU): ops that
// CUDA autocast runs in lower precision or in fp32 may keep their input's dtype on the CPU. The
// analysis applies the list of the region's device.
#include <torch/torch.h>
#include <ampify/amp.h>

// mv is lower precision under CUDA autocast only: on the CPU a float32 mv stays float32.
void cpu_mv(torch::Tensor w, torch::Tensor v) {
  ampify::Autocast autocast(c10::kCPU);
  auto y = torch::mv(w, v);
  TORCH_CHECK(y.scalar_type() == at::kFloat, "expects float");
}

void cuda_mv(torch::Tensor w, torch::Tensor v) {
  ampify::Autocast autocast;
  auto y = torch::mv(w, v);
  TORCH_CHECK(y.scalar_type() == at::kFloat, "expects float");
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: this dtype check expects float32, but the tensor is fp16 here [ampify-dtype-assumption]
  // CHECK-MESSAGES: note: `y` is fp16 because it is the output of `mv`, which autocast runs in fp16
}

// softmax, log and layer_norm run in fp32 under CUDA autocast; on the CPU they keep their input's
// dtype, here the bf16 of mm (lower precision on both devices).
void cpu_softmax(torch::Tensor a, torch::Tensor b) {
  ampify::Autocast autocast(c10::kCPU);
  auto probs = torch::softmax(torch::mm(a, b), -1);
  TORCH_CHECK(probs.scalar_type() == at::kFloat, "expects float");
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: this dtype check expects float32, but the tensor is bf16 here [ampify-dtype-assumption]
  // CHECK-MESSAGES: note: `probs` is bf16 because it is the output of `softmax`
  // CHECK-MESSAGES: note: {{.*}} is bf16 because it is the output of `mm`, which autocast runs in bf16
}

void cuda_softmax(torch::Tensor a, torch::Tensor b) {
  ampify::Autocast autocast;
  auto probs = torch::softmax(torch::mm(a, b), -1);
  TORCH_CHECK(probs.scalar_type() == at::kFloat, "expects float");
}

void cpu_log(torch::Tensor a, torch::Tensor b) {
  ampify::Autocast autocast(ampify::AutocastOptions(c10::kCPU).dtype(at::kBFloat16));
  auto logits = torch::log(torch::mm(a, b));
  if (logits.dtype() == torch::kFloat32)
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: this dtype check expects float32, but the tensor is bf16 here [ampify-dtype-assumption]
    logits = logits * 2;
}

void cpu_layer_norm(torch::nn::Linear fc, torch::nn::LayerNorm norm, torch::Tensor x) {
  at::autocast::set_cpu_enabled(true);
  auto y = norm(fc(x));
  TORCH_CHECK(y.scalar_type() == at::kFloat, "expects float");
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: this dtype check expects float32, but the tensor is bf16 here [ampify-dtype-assumption]
  at::autocast::set_cpu_enabled(false);
}

void cuda_layer_norm(torch::nn::Linear fc, torch::nn::LayerNorm norm, torch::Tensor x) {
  ampify::Autocast autocast;
  auto y = norm(fc(x));
  TORCH_CHECK(y.scalar_type() == at::kFloat, "expects float");
}
