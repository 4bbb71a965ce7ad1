#include <ampify/autocast.h>
#include <ampify/switch.h>

#include <ATen/Context.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>

namespace ampify {

bool runtime_disabled() {
  const char* v = std::getenv("AMPIFY_DISABLE");
  if (v == nullptr) return false;
  std::string s(v);
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s == "1" || s == "true" || s == "yes" || s == "on";
}

c10::ScalarType default_autocast_dtype(c10::DeviceType device) {
  compat::check_device(device);
  return device == c10::DeviceType::CUDA ? c10::ScalarType::Half : c10::ScalarType::BFloat16;
}

void check_autocast_dtype(c10::DeviceType device, c10::ScalarType dtype) {
  compat::check_device(device);
  const bool is_reduced = dtype == c10::ScalarType::Half || dtype == c10::ScalarType::BFloat16;
  if (device == c10::DeviceType::CUDA) {
    TORCH_CHECK(is_reduced, "ampify::Autocast: dtype ", dtype,
                " is not a valid autocast dtype on cuda; use torch::kHalf or torch::kBFloat16");
  } else {
#if AMPIFY_HAS_CPU_FP16_AUTOCAST
    TORCH_CHECK(is_reduced, "ampify::Autocast: dtype ", dtype,
                " is not a valid autocast dtype on cpu; use torch::kBFloat16 or torch::kHalf");
#else
    TORCH_CHECK(dtype == c10::ScalarType::BFloat16, "ampify::Autocast: dtype ", dtype,
                " is not supported for autocast on cpu by LibTorch ", TORCH_VERSION_MAJOR, ".",
                TORCH_VERSION_MINOR, " (it supports only torch::kBFloat16 on cpu)");
#endif
  }
}

Autocast::Autocast(c10::DeviceType device) : Autocast(AutocastOptions(device)) {}

Autocast::Autocast(const AutocastOptions& options) : device_(options.device()) {
  compat::check_device(device_);
  dtype_ = options.dtype().has_value() ? *options.dtype() : compat::autocast_dtype(device_);
  check_autocast_dtype(device_, dtype_);
  enabled_ = options.enabled() && !runtime_disabled();
  if (enabled_ && device_ == c10::DeviceType::CUDA && !at::hasCUDA()) {
    TORCH_WARN_ONCE("ampify::Autocast: CUDA autocast was asked for but CUDA is not available; "
                    "the scope is disabled (as torch.autocast does)");
    enabled_ = false;
  }
  const bool cache = options.cache_enabled().has_value() ? *options.cache_enabled() : compat::cache_enabled();

  // torch.autocast.__enter__
  prev_cache_enabled_ = compat::cache_enabled();
  prev_enabled_ = compat::autocast_enabled(device_);
  prev_dtype_ = compat::autocast_dtype(device_);
  compat::set_autocast_enabled(device_, enabled_);
  compat::set_autocast_dtype(device_, dtype_);
  compat::increment_nesting();
  compat::set_cache_enabled(cache);
  active_ = true;
}

Autocast::~Autocast() {
  try {
    exit();
  } catch (...) {
    // Never throw from a destructor; the restore calls above do not throw in practice.
  }
}

void Autocast::exit() {
  if (!active_) return;
  active_ = false;
  // torch.autocast.__exit__
  if (compat::decrement_nesting() == 0) compat::clear_cache();
  compat::set_autocast_enabled(device_, prev_enabled_);
  compat::set_autocast_dtype(device_, prev_dtype_);
  compat::set_cache_enabled(prev_cache_enabled_);
}

}  // namespace ampify
