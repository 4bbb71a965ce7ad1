// ampify runtime: a C++ equivalent of Python's torch.autocast context manager.
#pragma once

#include <ampify/compat.h>
#include <ampify/switch.h>

#include <ATen/core/Tensor.h>
#include <c10/core/DeviceType.h>
#include <c10/core/ScalarType.h>
#include <torch/arg.h>

#include <functional>
#include <thread>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace ampify {

/// Options of an Autocast scope, in LibTorch's builder style:
///   AutocastOptions().device(c10::kCUDA).dtype(torch::kBFloat16).enabled(true).cache_enabled(true)
struct AutocastOptions {
  /* implicit */ AutocastOptions(c10::DeviceType device = c10::kCUDA) : device_(device) {}
  /// Device type whose autocast state the scope controls: c10::kCUDA (default) or c10::kCPU.
  TORCH_ARG(c10::DeviceType, device);
  /// Lower-precision dtype. Unset: the device's current autocast dtype (fp16 on CUDA, bf16 on CPU
  /// unless changed), as torch.autocast does.
  TORCH_ARG(std::optional<c10::ScalarType>, dtype) = std::nullopt;
  /// enabled(false) makes a region run in fp32 (autocast off inside it).
  TORCH_ARG(bool, enabled) = true;
  /// Unset: keep the current cache setting (torch.autocast's default).
  TORCH_ARG(std::optional<bool>, cache_enabled) = std::nullopt;
  /// cpu_on_request(true): an ampify extension, not in torch.autocast. On the CPU the scope turns
  /// autocast on only when the environment asks for it (AMPIFY_CPU_AUTOCAST=1); on CUDA it changes
  /// nothing. `ampify fix` sets it on the regions of loops that may run on the CPU: CPU autocast
  /// rounds to bf16's 8-bit mantissa, which moved the final loss of 4 of 10 small held-out CPU
  /// programs beyond tolerance, and is slower than fp32 without bf16 hardware (docs/runtime.md).
  TORCH_ARG(bool, cpu_on_request) = false;
};

/// RAII autocast scope, equivalent to `with torch.autocast(device_type, dtype, enabled, cache_enabled):`.
///
/// On construction it saves the device's enabled flag, its autocast dtype and the cache flag, sets
/// them, and increments the autocast nesting counter. On exit (destructor, or an explicit exit())
/// it decrements the counter, clears the cast cache when the outermost scope ends, and restores
/// the three saved values. Scopes nest; they must end in LIFO order and on the thread that made
/// them (the autocast state is thread-local): exit() of a scope that is not the innermost one of
/// its thread, or from another thread, throws c10::Error and changes nothing. Not copyable, not
/// movable.
class Autocast {
 public:
  explicit Autocast(c10::DeviceType device = c10::kCUDA);
  /// `torch.autocast(device_type, dtype=...)`: Autocast(c10::kCUDA, torch::kBFloat16).
  Autocast(c10::DeviceType device, c10::ScalarType dtype);
  explicit Autocast(const AutocastOptions& options);
  /// = exit(). Destroyed out of LIFO order, it first ends the scopes of its thread opened after
  /// it (restoring the state from before this scope) and then throws; destroyed on another
  /// thread, it throws. While an exception is already unwinding the stack it cannot throw, and
  /// warns instead (TORCH_WARN).
  ~Autocast() noexcept(false);

  Autocast(const Autocast&) = delete;
  Autocast& operator=(const Autocast&) = delete;
  Autocast(Autocast&&) = delete;
  Autocast& operator=(Autocast&&) = delete;

  /// Ends the scope now (idempotent; the destructor then does nothing).
  void exit();
  /// Same as exit().
  void end() { exit(); }

  bool active() const { return active_; }
  /// Whether autocast is on inside this scope (false when disabled, AMPIFY_DISABLE is set, CUDA
  /// was asked for but is not available, or cpu_on_request is set and nobody asked).
  bool enabled() const { return enabled_; }
  c10::DeviceType device() const { return device_; }
  c10::ScalarType dtype() const { return dtype_; }

 private:
  c10::DeviceType device_;
  c10::ScalarType dtype_;
  bool enabled_ = false;
  bool active_ = false;
  std::thread::id thread_;  // that opened the scope
  void restore();
  bool prev_enabled_ = false;
  c10::ScalarType prev_dtype_ = c10::ScalarType::Undefined;
  bool prev_cache_enabled_ = true;
};

/// A scope that keeps a region in fp32: Autocast(AutocastOptions(device).enabled(false)).
class AutocastDisabled : public Autocast {
 public:
  explicit AutocastDisabled(c10::DeviceType device = c10::kCUDA)
      : Autocast(AutocastOptions(device).enabled(false)) {}
};

/// Whether autocast on `device` can run faster than fp32 on this machine: always on CUDA; on
/// the CPU only when it computes bf16 in hardware (AVX512-BF16 or AMX on x86-64, the BF16 extension
/// on AArch64). Without it oneDNN converts every operand and CPU autocast is slower than fp32, and
/// it still rounds to bf16 (docs/runtime.md has the measurements). A scope with
/// AutocastOptions::cpu_on_request that the environment turns on warns once where this is false.
bool autocast_speeds_up(c10::DeviceType device);

/// Default autocast dtype of a device type when nobody changed it (fp16 on CUDA, bf16 on CPU).
c10::ScalarType default_autocast_dtype(c10::DeviceType device);

/// Throws (TORCH_CHECK) unless `dtype` is a valid autocast dtype for `device` in this LibTorch.
void check_autocast_dtype(c10::DeviceType device, c10::ScalarType dtype);

namespace detail {

struct Fp32Caster {
  bool cuda = false;
  bool cpu = false;
  bool eligible(const at::Tensor& t) const {
    if (!t.defined() || !t.is_floating_point() || t.scalar_type() == c10::ScalarType::Double) return false;
    const auto type = t.device().type();
    return (type == c10::DeviceType::CUDA && cuda) || (type == c10::DeviceType::CPU && cpu);
  }
  at::Tensor cast(const at::Tensor& t) const { return eligible(t) ? t.to(c10::ScalarType::Float) : t; }
  std::vector<at::Tensor> cast(const std::vector<at::Tensor>& v) const {
    std::vector<at::Tensor> out;
    out.reserve(v.size());
    for (const auto& t : v) out.push_back(cast(t));
    return out;
  }
};

template <class T>
decltype(auto) cast_arg(const Fp32Caster& caster, T&& x) {
  using D = std::decay_t<T>;
  if constexpr (std::is_same_v<D, at::Tensor>) {
    return caster.cast(x);
  } else if constexpr (std::is_same_v<D, std::vector<at::Tensor>>) {
    return caster.cast(x);
  } else {
    return std::forward<T>(x);
  }
}

}  // namespace detail

/// Runs `fn(args...)` in fp32, the C++ counterpart of Python's
/// `@torch.amp.custom_fwd(device_type=..., cast_inputs=torch.float32)`:
/// if autocast is on (CUDA or CPU) in this thread, every floating, non-double Tensor argument
/// (also inside std::vector<Tensor>) on a device whose autocast is on is cast to float32, and `fn`
/// runs with autocast off on CUDA and CPU. If autocast is off, `fn(args...)` runs unchanged.
/// Use it for numerically sensitive code (custom losses, reductions, exp/log chains).
template <class F, class... Args>
decltype(auto) run_in_fp32(F&& fn, Args&&... args) {
  detail::Fp32Caster caster;
  caster.cuda = compat::autocast_enabled(c10::DeviceType::CUDA);
  caster.cpu = compat::autocast_enabled(c10::DeviceType::CPU);
  if (!caster.cuda && !caster.cpu) {
    return std::invoke(std::forward<F>(fn), std::forward<Args>(args)...);
  }
  AutocastDisabled off_cuda(c10::DeviceType::CUDA);
  AutocastDisabled off_cpu(c10::DeviceType::CPU);
  return std::invoke(std::forward<F>(fn), detail::cast_arg(caster, std::forward<Args>(args))...);
}

}  // namespace ampify
