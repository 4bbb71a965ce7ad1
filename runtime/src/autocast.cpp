#include <ampify/autocast.h>
#include <ampify/switch.h>

#include <ATen/Context.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <exception>
#include <string>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

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

namespace {
// The open scopes of each thread, innermost last: what exit() checks LIFO order against. Shared
// (under a mutex) so that a scope destroyed on another thread can take itself off its own
// thread's list and leave no dangling entry there.
std::mutex open_scopes_mutex;
std::unordered_map<std::thread::id, std::vector<Autocast*>> open_scopes_by_thread;

std::vector<Autocast*>& open_scopes_of(std::thread::id thread) { return open_scopes_by_thread[thread]; }
}  // namespace

Autocast::Autocast(c10::DeviceType device) : Autocast(AutocastOptions(device)) {}

Autocast::Autocast(c10::DeviceType device, c10::ScalarType dtype) : Autocast(AutocastOptions(device).dtype(dtype)) {}

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
  thread_ = std::this_thread::get_id();
  std::lock_guard<std::mutex> lock(open_scopes_mutex);
  open_scopes_of(thread_).push_back(this);
  active_ = true;
}

Autocast::~Autocast() noexcept(false) {
  if (!active_) return;
  const bool unwinding = std::uncaught_exceptions() > 0;
  const char* msg = nullptr;
  if (std::this_thread::get_id() != thread_) {
    // The state to restore belongs to the other thread, which nothing here can change: take the
    // scope off that thread's list and report.
    std::lock_guard<std::mutex> lock(open_scopes_mutex);
    auto& open = open_scopes_of(thread_);
    open.erase(std::remove(open.begin(), open.end(), this), open.end());
    active_ = false;
    msg = "ampify::Autocast: a scope was destroyed on another thread than the one that opened it; autocast "
          "stays as that scope set it on its own thread. Destroy (or exit()) each scope on the thread that "
          "created it";
  } else {
    std::vector<Autocast*> inner;  // scopes opened after this one and still active, innermost first
    {
      std::lock_guard<std::mutex> lock(open_scopes_mutex);
      const auto& open = open_scopes_of(thread_);
      for (auto it = open.rbegin(); it != open.rend() && *it != this; ++it) inner.push_back(*it);
    }
    // End them first, so that this thread's autocast state ends as it was before this scope;
    // their own destructors then do nothing.
    for (Autocast* a : inner) a->restore();
    restore();
    if (!inner.empty())
      msg = "ampify::Autocast: a scope was destroyed while a scope opened after it was still active (not in "
            "LIFO order); both were ended and autocast restored to its state before the outer scope. End "
            "nested scopes innermost first";
  }
  if (msg == nullptr) return;
  if (unwinding) {
    TORCH_WARN(msg);  // throwing now would terminate the program
    return;
  }
  TORCH_CHECK(false, msg);
}

void Autocast::exit() {
  if (!active_) return;
  TORCH_CHECK(std::this_thread::get_id() == thread_,
              "ampify::Autocast::exit: called on another thread than the one that opened the scope (the autocast "
              "state is per thread); call exit() on the thread that created the scope");
  {
    std::lock_guard<std::mutex> lock(open_scopes_mutex);
    const auto& open = open_scopes_of(thread_);
    TORCH_CHECK(!open.empty() && open.back() == this,
                "ampify::Autocast::exit: a scope opened after this one is still active; end scopes in LIFO order "
                "(innermost first). Nothing was changed");
  }
  restore();
}

void Autocast::restore() {
  {
    std::lock_guard<std::mutex> lock(open_scopes_mutex);
    auto& open = open_scopes_of(thread_);
    open.erase(std::remove(open.begin(), open.end(), this), open.end());
    if (open.empty()) open_scopes_by_thread.erase(thread_);
  }
  active_ = false;
  // torch.autocast.__exit__
  if (compat::decrement_nesting() == 0) compat::clear_cache();
  compat::set_autocast_enabled(device_, prev_enabled_);
  compat::set_autocast_dtype(device_, prev_dtype_);
  compat::set_cache_enabled(prev_cache_enabled_);
}

}  // namespace ampify
