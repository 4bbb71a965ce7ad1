#include <ampify/autocast.h>
#include <ampify/switch.h>

#include <ATen/Context.h>
#include <c10/util/Exception.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

namespace ampify {

namespace {
// An environment switch: true for "1", "true", "yes", "on", false for "0", "false", "no", "off"
// (case-insensitive), nothing when unset or anything else.
std::optional<bool> environment_switch(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr) return std::nullopt;
  std::string s(v);
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  if (s == "1" || s == "true" || s == "yes" || s == "on") return true;
  if (s == "0" || s == "false" || s == "no" || s == "off") return false;
  return std::nullopt;
}

// Whether this CPU, and the OS for its register state, runs bf16 arithmetic in hardware: AVX512-BF16
// or AMX-BF16 on x86-64, the BF16 extension on AArch64. oneDNN's bf16 kernels are faster than fp32
// only there; elsewhere they convert every operand and are slower.
bool cpu_computes_bf16_natively() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 27)))  // OSXSAVE: XGETBV is usable
    return false;
  unsigned xcr0_low = 0, xcr0_high = 0;
  __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
  const bool avx512_state = (xcr0_low & 0xE6u) == 0xE6u;               // SSE, AVX, opmask, ZMM state
  const bool amx_state = (xcr0_low & (3u << 17)) == (3u << 17);         // XTILECFG, XTILEDATA
  unsigned leaf7_eax = 0, leaf7_ebx = 0, leaf7_ecx = 0, leaf7_edx = 0;
  if (!__get_cpuid_count(7, 0, &leaf7_eax, &leaf7_ebx, &leaf7_ecx, &leaf7_edx)) return false;
  const bool amx_bf16 = (leaf7_edx & (1u << 22)) && (leaf7_edx & (1u << 24));  // AMX-BF16, AMX-TILE
  unsigned sub1_eax = 0, sub1_ebx = 0, sub1_ecx = 0, sub1_edx = 0;
  const bool avx512_bf16 = leaf7_eax >= 1 && __get_cpuid_count(7, 1, &sub1_eax, &sub1_ebx, &sub1_ecx, &sub1_edx) &&
                           (sub1_eax & (1u << 5)) && (leaf7_ebx & (1u << 16));  // AVX512_BF16, AVX512F
  return (avx512_bf16 && avx512_state) || (amx_bf16 && amx_state);
#elif defined(__aarch64__) && defined(__linux__)
  return (getauxval(AT_HWCAP2) & (1ul << 14)) != 0;  // HWCAP2_BF16
#else
  return false;
#endif
}
}  // namespace

bool runtime_disabled() { return environment_switch("AMPIFY_DISABLE").value_or(false); }

bool cpu_autocast_requested() { return environment_switch("AMPIFY_CPU_AUTOCAST").value_or(false); }

bool autocast_speeds_up(c10::DeviceType device) {
  compat::check_device(device);
  if (device != c10::DeviceType::CPU) return true;
  static const bool native = cpu_computes_bf16_natively();
  return native;
}

namespace {
// Whether a scope with cpu_on_request on `device` may turn autocast on: anywhere but the CPU, and
// on the CPU when AMPIFY_CPU_AUTOCAST asks for it.
bool cpu_on_request_allows(c10::DeviceType device) {
  if (device != c10::DeviceType::CPU) return true;
  if (!cpu_autocast_requested()) return false;
  if (!autocast_speeds_up(device))
    TORCH_WARN_ONCE("ampify::Autocast: AMPIFY_CPU_AUTOCAST=1 turns CPU autocast on, but this CPU computes bf16 "
                    "in software (no AVX512-BF16, AMX or Arm BF16): bf16 regions will run slower than fp32");
  return true;
}
}  // namespace

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
  enabled_ = options.enabled() && !runtime_disabled() &&
             (!options.cpu_on_request() || cpu_on_request_allows(device_));
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
