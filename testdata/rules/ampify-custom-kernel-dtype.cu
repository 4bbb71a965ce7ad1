// AMPIFY: check --checks=-*,ampify-custom-kernel-dtype
// A CUDA extension file, parsed for the host the way nvcc's host pass sees it: kernels, launches
// and dispatches reached from an autocast region with fp16 tensors.
#include <torch/torch.h>
#include <ampify/amp.h>

template <typename scalar_t>
__global__ void scale_kernel(scalar_t *out, const scalar_t *in, int64_t n) {
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * static_cast<scalar_t>(2);
}

__global__ void scale_float_kernel(float *out, const float *in, int64_t n) {
  __shared__ float tile[256];
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0.f;
  __syncthreads();
  if (i < n)
    out[i] = expf(tile[threadIdx.x]);
}

void scale_dispatch(torch::Tensor out, torch::Tensor x) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale", [&] {
    scale_kernel<scalar_t><<<(x.numel() + 255) / 256, 256>>>(out.data_ptr<scalar_t>(), x.data_ptr<scalar_t>(), x.numel());
  });
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: AT_DISPATCH_FLOATING_TYPES covers float and double only; the tensor is fp16 here, which raises "not implemented for 'Half'" [ampify-custom-kernel-dtype]
  // CHECK-FIXES: AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, x.scalar_type(), "scale", [&] {
}

void scale_float(torch::Tensor x, cudaStream_t stream) {
  scale_float_kernel<<<dim3((x.numel() + 255) / 256), dim3(256), 0, stream>>>(x.data_ptr<float>(), x.data_ptr<float>(), x.numel());
  // CHECK-MESSAGES: :[[@LINE-1]]:81: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time [ampify-custom-kernel-dtype]
  // CHECK-MESSAGES: :[[@LINE-2]]:102: warning: `data_ptr<float>` on a tensor that is fp16 here raises at run time [ampify-custom-kernel-dtype]
}

void scale_raw(torch::Tensor x) {
  scale_float_kernel<<<(x.numel() + 255) / 256, 256>>>(static_cast<float *>(x.data_ptr()), (const float *)x.data_ptr(), x.numel());
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: kernel `scale_float_kernel` takes `float *` but receives the data of a tensor that is fp16 here: it reads fp16 values as float [ampify-custom-kernel-dtype]
  // CHECK-MESSAGES: :[[@LINE-2]]:92: warning: kernel `scale_float_kernel` takes `float *` but receives the data of a tensor that is fp16 here: it reads fp16 values as float [ampify-custom-kernel-dtype]
}

// Defined in another file; a kernel that takes a packed accessor of float.
__global__ void relu_kernel(at::PackedTensorAccessor32<float, 2, at::RestrictPtrTraits> x);

void relu_packed(torch::Tensor x) {
  relu_kernel<<<x.size(0), x.size(1)>>>(x.packed_accessor32<float, 2, at::RestrictPtrTraits>());
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: `packed_accessor32<float>` on a tensor that is fp16 here raises at run time [ampify-custom-kernel-dtype]
}

torch::Tensor forward(torch::nn::Linear fc, torch::Tensor input, cudaStream_t stream) {
  ampify::Autocast autocast;
  auto h = fc(input);
  scale_dispatch(h, h);
  scale_float(h, stream);
  scale_raw(h);
  relu_packed(h);
  return h;
}

// Negative cases: the wider dispatch, float tensors (fp32 ops, a disabled scope with an explicit
// cast), and tensors of unknown precision (scale_fp32's own body, analysed with unknown x).
void scale_any(torch::Tensor out, torch::Tensor x) {
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, x.scalar_type(), "scale_any", [&] {
    scale_kernel<scalar_t><<<(x.numel() + 255) / 256, 256>>>(out.data_ptr<scalar_t>(), x.data_ptr<scalar_t>(), x.numel());
  });
}

void scale_fp32(torch::Tensor x) {
  scale_float_kernel<<<(x.numel() + 255) / 256, 256>>>(x.data_ptr<float>(), static_cast<float *>(x.data_ptr()), x.numel());
}

torch::Tensor fine(torch::nn::Linear fc, torch::nn::LayerNorm norm, torch::Tensor input) {
  ampify::Autocast autocast;
  auto h = fc(input);
  scale_any(h, h);
  scale_fp32(norm(input));  // layer_norm runs in fp32
  {
    ampify::AutocastDisabled fp32;
    scale_fp32(h.to(torch::kFloat));
  }
  return h;
}
