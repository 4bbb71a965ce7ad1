// ampify runtime: a thin compatibility layer over LibTorch's C++ autocast API.
//
// LibTorch 2.4 renamed the per-device autocast functions (is_enabled/is_cpu_enabled/
// get_autocast_gpu_dtype/... became is_autocast_enabled(DeviceType)/get_autocast_dtype(DeviceType)/...;
// the old names stay as deprecated wrappers that warn). Everything in ampify goes through these
// functions, so one source builds against 1.13 and 2.x without deprecation warnings.
#pragma once

#include <ATen/autocast_mode.h>
#include <c10/core/DeviceType.h>
#include <c10/core/ScalarType.h>
#include <c10/util/Exception.h>
#include <torch/version.h>

#define AMPIFY_TORCH_VERSION_AT_LEAST(major, minor) \
  (TORCH_VERSION_MAJOR > (major) ||                 \
   (TORCH_VERSION_MAJOR == (major) && TORCH_VERSION_MINOR >= (minor)))

// CPU kernels for _amp_foreach_non_finite_check_and_unscale_ / _amp_update_scale_ arrived in 2.3.
#define AMPIFY_HAS_CPU_AMP_KERNELS AMPIFY_TORCH_VERSION_AT_LEAST(2, 3)
// at::_fused_adamw_ (with grad_scale/found_inf) exists from 2.1 on; CPU kernels from 2.4.
#if AMPIFY_TORCH_VERSION_AT_LEAST(2, 1) && defined(__has_include)
#if __has_include(<ATen/ops/_fused_adamw.h>)
#define AMPIFY_HAS_FUSED_ADAMW 1
#endif
#endif
#ifndef AMPIFY_HAS_FUSED_ADAMW
#define AMPIFY_HAS_FUSED_ADAMW 0
#endif
// at::_fused_adam_ (2.0 on) and at::_fused_sgd_ (2.2 on), both with grad_scale/found_inf.
#if AMPIFY_TORCH_VERSION_AT_LEAST(2, 1) && defined(__has_include)
#if __has_include(<ATen/ops/_fused_adam.h>)
#define AMPIFY_HAS_FUSED_ADAM 1
#endif
#endif
#ifndef AMPIFY_HAS_FUSED_ADAM
#define AMPIFY_HAS_FUSED_ADAM 0
#endif
#if AMPIFY_TORCH_VERSION_AT_LEAST(2, 2) && defined(__has_include)
#if __has_include(<ATen/ops/_fused_sgd.h>)
#define AMPIFY_HAS_FUSED_SGD 1
#endif
#endif
#ifndef AMPIFY_HAS_FUSED_SGD
#define AMPIFY_HAS_FUSED_SGD 0
#endif
// CPU kernels of the fused optimizers arrived in 2.4.
#define AMPIFY_HAS_CPU_FUSED_OPTIMIZERS AMPIFY_TORCH_VERSION_AT_LEAST(2, 4)
#define AMPIFY_HAS_CPU_FUSED_ADAMW (AMPIFY_HAS_FUSED_ADAMW && AMPIFY_HAS_CPU_FUSED_OPTIMIZERS)
// Half-precision autocast on CPU is accepted from 2.2 on (1.13 accepts only bfloat16).
#define AMPIFY_HAS_CPU_FP16_AUTOCAST AMPIFY_TORCH_VERSION_AT_LEAST(2, 2)

namespace ampify {
namespace compat {

inline bool is_supported_autocast_device(c10::DeviceType device) {
  return device == c10::DeviceType::CUDA || device == c10::DeviceType::CPU;
}

inline void check_device(c10::DeviceType device) {
  TORCH_CHECK(is_supported_autocast_device(device), "ampify: autocast on device type '",
              c10::DeviceTypeName(device, /*lower_case=*/true),
              "' is not supported; use c10::kCUDA or c10::kCPU");
}

/// Whether autocast is on for `device` in this thread (false for unsupported device types).
inline bool autocast_enabled(c10::DeviceType device) {
  if (!is_supported_autocast_device(device)) return false;
#if AMPIFY_TORCH_VERSION_AT_LEAST(2, 4)
  return at::autocast::is_autocast_enabled(device);
#else
  return device == c10::DeviceType::CUDA ? at::autocast::is_enabled() : at::autocast::is_cpu_enabled();
#endif
}

inline void set_autocast_enabled(c10::DeviceType device, bool enabled) {
  check_device(device);
#if AMPIFY_TORCH_VERSION_AT_LEAST(2, 4)
  at::autocast::set_autocast_enabled(device, enabled);
#else
  if (device == c10::DeviceType::CUDA)
    at::autocast::set_enabled(enabled);
  else
    at::autocast::set_cpu_enabled(enabled);
#endif
}

inline c10::ScalarType autocast_dtype(c10::DeviceType device) {
  check_device(device);
#if AMPIFY_TORCH_VERSION_AT_LEAST(2, 4)
  return at::autocast::get_autocast_dtype(device);
#else
  return device == c10::DeviceType::CUDA ? at::autocast::get_autocast_gpu_dtype()
                                         : at::autocast::get_autocast_cpu_dtype();
#endif
}

inline void set_autocast_dtype(c10::DeviceType device, c10::ScalarType dtype) {
  check_device(device);
#if AMPIFY_TORCH_VERSION_AT_LEAST(2, 4)
  at::autocast::set_autocast_dtype(device, dtype);
#else
  if (device == c10::DeviceType::CUDA)
    at::autocast::set_autocast_gpu_dtype(dtype);
  else
    at::autocast::set_autocast_cpu_dtype(dtype);
#endif
}

inline bool cache_enabled() { return at::autocast::is_autocast_cache_enabled(); }
inline void set_cache_enabled(bool enabled) { at::autocast::set_autocast_cache_enabled(enabled); }
inline int increment_nesting() { return at::autocast::increment_nesting(); }
inline int decrement_nesting() { return at::autocast::decrement_nesting(); }
inline void clear_cache() { at::autocast::clear_cache(); }

}  // namespace compat
}  // namespace ampify
