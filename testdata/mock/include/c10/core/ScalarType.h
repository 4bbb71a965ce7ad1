// Mock of LibTorch's c10 basics for the fast test tier: same namespaces and shapes as the real
// headers, none of the bulk. Only declarations; nothing here is ever linked.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace c10 {
enum class ScalarType : int8_t { Byte, Char, Short, Int, Long, Half, Float, Double, Bool, BFloat16 };
enum class DeviceType : int8_t { CPU = 0, CUDA = 1 };
enum class MemoryFormat : int8_t { Contiguous, Preserve, ChannelsLast, ChannelsLast3d };
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
struct Half { float x; };
struct BFloat16 { float x; };
struct nullopt_t { constexpr nullopt_t() = default; };
constexpr nullopt_t nullopt{};
template <typename T> class optional {
public:
  optional() = default;
  optional(nullopt_t) {}
  optional(T v) : v_(std::move(v)), has_(true) {}
  bool has_value() const { return has_; }
  explicit operator bool() const { return has_; }
  const T &value() const { return v_; }
  const T &operator*() const { return v_; }
  const T *operator->() const { return &v_; }
private:
  T v_{};
  bool has_ = false;
};
template <typename T> class ArrayRef {
public:
  ArrayRef() = default;
  ArrayRef(std::initializer_list<T> l) : d_(l) {}
  ArrayRef(const std::vector<T> &v) : d_(v) {}
  ArrayRef(const T &one) : d_{one} {}
  size_t size() const { return d_.size(); }
  const T &operator[](size_t i) const { return d_[i]; }
  const T &front() const { return d_.front(); }
  const T &back() const { return d_.back(); }
  const T *begin() const { return d_.data(); }
  const T *end() const { return d_.data() + d_.size(); }
private:
  std::vector<T> d_;
};
using IntArrayRef = ArrayRef<int64_t>;
class Scalar {
public:
  Scalar(double) {}
  Scalar(float) {}
  Scalar(int) {}
  Scalar(long) {}
  Scalar(long long) {}
  Scalar(bool) {}
};
struct Device {
  Device(DeviceType t, int8_t index = -1) : type_(t) {}
  Device(const std::string &) {}
  DeviceType type() const { return type_; }
  bool is_cuda() const { return type_ == DeviceType::CUDA; }
  DeviceType type_;
};
class TypeMeta {
public:
  bool operator==(ScalarType) const;
  bool operator!=(ScalarType) const;
};
struct TensorOptions {
  TensorOptions() = default;
  TensorOptions(ScalarType) {}
  TensorOptions(Device) {}
  TensorOptions(DeviceType) {}
  TensorOptions dtype(ScalarType) const { return *this; }
  TensorOptions device(Device) const { return *this; }
  TensorOptions requires_grad(bool = true) const { return *this; }
};
inline TensorOptions device(Device d) { return TensorOptions(d); }
namespace detail { inline void check_fail(const char *) {} }
} // namespace c10

namespace at {
using c10::ArrayRef;
using c10::Device;
using c10::DeviceType;
using c10::MemoryFormat;
using c10::IntArrayRef;
using c10::optional;
using c10::Scalar;
using c10::ScalarType;
using c10::TensorOptions;
using c10::device;
using c10::kCPU;
using c10::kCUDA;
constexpr ScalarType kByte = ScalarType::Byte;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kHalf = ScalarType::Half;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kDouble = ScalarType::Double;
constexpr ScalarType kBool = ScalarType::Bool;
constexpr ScalarType kBFloat16 = ScalarType::BFloat16;
namespace Reduction { enum Reduction { None, Mean, Sum }; }
} // namespace at

#define TORCH_CHECK(cond, ...) ((cond) ? (void)0 : ::c10::detail::check_fail(#cond))
#define TORCH_INTERNAL_ASSERT(cond, ...) TORCH_CHECK(cond)
