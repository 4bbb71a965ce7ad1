// AMPIFY: check --checks=-*,ampify-custom-kernel-dtype
#include <torch/torch.h>
#include <ampify/amp.h>


template <typename T> void kernel(T *data, int64_t n);

void launch(torch::Tensor x) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "launch", [&] { kernel<scalar_t>(x.data_ptr<scalar_t>(), x.numel()); });
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: AT_DISPATCH_FLOATING_TYPES covers float and double only; the tensor is fp16 here, which raises "not implemented for 'Half'" [ampify-custom-kernel-dtype]
  // CHECK-FIXES: AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, x.scalar_type(), "launch", [&] { kernel<scalar_t>(x.data_ptr<scalar_t>(), x.numel()); });
  float *raw = x.data_ptr<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time
  auto acc = x.accessor<float, 2>();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: `accessor<float>` on a tensor that is fp16 here raises at run time
  auto packed = x.packed_accessor32<float, 2, at::DefaultPtrTraits>();
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: `packed_accessor32<float>` on a tensor that is fp16 here raises at run time
  auto wide = x.packed_accessor64<float, 2>();
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: `packed_accessor64<float>` on a tensor that is fp16 here raises at run time
  auto generic = x.generic_packed_accessor<float, 2>();
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: `generic_packed_accessor<float>` on a tensor that is fp16 here raises at run time
}

torch::Tensor forward(torch::nn::Linear fc, torch::Tensor input) {
  ampify::Autocast autocast;
  auto h = fc(input);
  launch(h);
  return h;
}

// Negative cases: float tensors, the wider dispatch, and tensors of unknown precision.
void launch_any(torch::Tensor x) {
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, x.scalar_type(), "launch_any",
                                  [&] { kernel<scalar_t>(x.data_ptr<scalar_t>(), x.numel()); });
}

void launch_float(torch::Tensor x) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "launch_float", [&] { kernel<scalar_t>(x.data_ptr<scalar_t>(), x.numel()); });
  float *raw = x.data_ptr<float>();
  auto packed = x.packed_accessor32<float, 2>();
}

torch::Tensor fine(torch::nn::Linear fc, torch::nn::LayerNorm norm, torch::Tensor input) {
  ampify::Autocast autocast;
  auto h = fc(input);
  launch_any(h);
  launch_float(norm(input));  // layer_norm runs in fp32
  {
    ampify::AutocastDisabled fp32;
    launch_float(h.to(torch::kFloat));
  }
  return h;
}
