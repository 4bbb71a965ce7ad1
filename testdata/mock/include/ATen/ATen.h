// Mock of ATen for the fast test tier (see c10/core/ScalarType.h).
#pragma once
#include <c10/core/ScalarType.h>
#include <torch/version.h> // which at::autocast spellings exist

namespace at {

template <typename T, size_t N> class TensorAccessor {
public:
  T &operator[](int64_t);
};
template <typename T> struct DefaultPtrTraits { typedef T *PtrType; };
#if defined(__CUDACC__)
template <typename T> struct RestrictPtrTraits { typedef T *__restrict__ PtrType; };
#endif
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
class GenericPackedTensorAccessor {};
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;

class TensorBase {
public:
  template <typename T> T *data_ptr() const;
  void *data_ptr() const;
  template <typename T, size_t N> TensorAccessor<T, N> accessor() const &;
  template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t> generic_packed_accessor() const &;
  template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const &;
  template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const &;
  ScalarType scalar_type() const;
  c10::TypeMeta dtype() const;
  Device device() const;
  bool is_cuda() const;
  int64_t size(int64_t dim) const;
  int64_t dim() const;
  int64_t numel() const;
  bool defined() const;
  bool requires_grad() const;
};

class Tensor : public TensorBase {
public:
  Tensor() = default;
  Tensor(const Tensor &) = default;
  Tensor(Tensor &&) = default;
  Tensor &operator=(const Tensor &) & = default;
  Tensor &operator=(Tensor &&) & = default;
  ~Tensor() {}

  void backward(const Tensor &gradient = {}, c10::optional<bool> retain_graph = c10::nullopt,
                bool create_graph = false, c10::optional<std::vector<Tensor>> inputs = c10::nullopt) const;
  Tensor &grad();
  const Tensor &grad() const;
  Tensor detach() const;
  Tensor to(ScalarType dtype, bool non_blocking = false, bool copy = false) const;
  Tensor to(Device device, ScalarType dtype, bool non_blocking = false, bool copy = false) const;
  Tensor to(Device device, bool non_blocking = false, bool copy = false) const;
  Tensor to(TensorOptions options, bool non_blocking = false, bool copy = false) const;
  TensorOptions options() const;
  Tensor half() const;
  Tensor t() const;
  Tensor bfloat16() const;
  Tensor to_float() const;
  Tensor cuda() const;
  Tensor cpu() const;
  template <typename T> T item() const;
  Scalar item() const;

  Tensor sigmoid() const;
  Tensor relu() const;
  Tensor tanh() const;
  Tensor exp() const;
  Tensor log() const;
  Tensor sqrt() const;
  Tensor rsqrt() const;
  Tensor pow(const Scalar &exponent) const;
  Tensor reciprocal() const;
  Tensor &exp_();
  Tensor &log_();
  Tensor &sqrt_();
  Tensor &rsqrt_();
  Tensor &pow_(const Scalar &exponent);
  Tensor &reciprocal_();
  Tensor &fill_(const Scalar &value);
  Tensor &zero_();
  Tensor &add_(const Tensor &other, const Scalar &alpha = 1);
  Tensor &mul_(const Scalar &other);
  Tensor mul(const Scalar &other) const;
  Tensor &clamp_(c10::optional<Scalar> min, c10::optional<Scalar> max = c10::nullopt);
  Tensor clamp(c10::optional<Scalar> min, c10::optional<Scalar> max = c10::nullopt) const;
  Tensor clamp_min(const Scalar &min) const;
  Tensor clamp_max(const Scalar &max) const;
  Tensor masked_fill(const Tensor &mask, const Scalar &value) const;
  Tensor &masked_fill_(const Tensor &mask, const Scalar &value);
  Tensor &index_put_(const std::vector<Tensor> &indices, const Tensor &values, bool accumulate = false);
  Tensor &index_add_(int64_t dim, const Tensor &index, const Tensor &source);
  Tensor index_add(int64_t dim, const Tensor &index, const Tensor &source) const;
  Tensor &scatter_(int64_t dim, const Tensor &index, const Tensor &src);
  Tensor &scatter_(int64_t dim, const Tensor &index, const Scalar &value);
  Tensor &scatter_add_(int64_t dim, const Tensor &index, const Tensor &src);
  Tensor &masked_scatter_(const Tensor &mask, const Tensor &source);
  Tensor slice(int64_t dim, int64_t start, int64_t end) const;
  Tensor matmul(const Tensor &other) const;
  Tensor mm(const Tensor &other) const;
  Tensor inverse() const;
  Tensor bmm(const Tensor &other) const;
  Tensor softmax(int64_t dim, c10::optional<ScalarType> dtype = c10::nullopt) const;
  Tensor log_softmax(int64_t dim, c10::optional<ScalarType> dtype = c10::nullopt) const;
  Tensor sum() const;
  Tensor mean() const;
  Tensor mean(IntArrayRef dim, bool keepdim = false) const;
  Tensor square() const;
  Tensor view(IntArrayRef size) const;
  Tensor reshape(IntArrayRef size) const;
  Tensor transpose(int64_t dim0, int64_t dim1) const;
  Tensor permute(IntArrayRef dims) const;
  Tensor unsqueeze(int64_t dim) const;
  std::vector<Tensor> chunk(int64_t chunks, int64_t dim = 0) const;
  Tensor contiguous(MemoryFormat memory_format = MemoryFormat::Contiguous) const;
  bool is_contiguous(MemoryFormat memory_format = MemoryFormat::Contiguous) const;
  Tensor abs() const;
  Tensor amax(IntArrayRef dim = {}, bool keepdim = false) const;
  std::tuple<Tensor, Tensor> max(int64_t dim, bool keepdim = false) const;
  std::tuple<Tensor, Tensor> min(int64_t dim, bool keepdim = false) const;
  std::tuple<Tensor, Tensor> sort(int64_t dim = -1, bool descending = false) const;
  std::tuple<Tensor, Tensor> topk(int64_t k, int64_t dim = -1, bool largest = true, bool sorted = true) const;
  Tensor std(IntArrayRef dim, bool unbiased = true, bool keepdim = false) const;
  Tensor var(IntArrayRef dim, bool unbiased = true, bool keepdim = false) const;
  Tensor norm() const;
  Tensor argmax(c10::optional<int64_t> dim = c10::nullopt, bool keepdim = false) const;
  Tensor eq(const Tensor &other) const;

  Tensor operator-() const;
  Tensor &operator+=(const Tensor &other);
  Tensor &operator+=(const Scalar &other);
  Tensor &operator-=(const Tensor &other);
  Tensor &operator*=(const Scalar &other);
  Tensor &operator/=(const Scalar &other);
  Tensor operator[](int64_t index) const;
};

Tensor operator+(const Tensor &a, const Tensor &b);
Tensor operator+(const Tensor &a, const Scalar &b);
Tensor operator+(const Scalar &a, const Tensor &b);
Tensor operator-(const Tensor &a, const Tensor &b);
Tensor operator-(const Tensor &a, const Scalar &b);
Tensor operator-(const Scalar &a, const Tensor &b);
Tensor operator*(const Tensor &a, const Tensor &b);
Tensor operator*(const Tensor &a, const Scalar &b);
Tensor operator*(const Scalar &a, const Tensor &b);
Tensor operator/(const Tensor &a, const Tensor &b);
Tensor operator/(const Tensor &a, const Scalar &b);
Tensor operator/(const Scalar &a, const Tensor &b);
Tensor operator<(const Tensor &a, const Scalar &b);
Tensor operator>(const Tensor &a, const Scalar &b);
Tensor operator==(const Tensor &a, const Scalar &b);

Tensor sigmoid(const Tensor &self);
Tensor relu(const Tensor &self);
Tensor tanh(const Tensor &self);
Tensor exp(const Tensor &self);
Tensor log(const Tensor &self);
Tensor sqrt(const Tensor &self);
Tensor rsqrt(const Tensor &self);
Tensor pow(const Tensor &self, const Scalar &exponent);
Tensor matmul(const Tensor &self, const Tensor &other);
Tensor conv2d(const Tensor &input, const Tensor &weight, const c10::optional<Tensor> &bias = {},
              IntArrayRef stride = 1, IntArrayRef padding = 0, IntArrayRef dilation = 1, int64_t groups = 1);
// LibTorch 1.13's fused attention (2.0 renamed it scaled_dot_product_attention).
std::tuple<Tensor, Tensor> _scaled_dot_product_attention(const Tensor &query, const Tensor &key, const Tensor &value,
                                                         const c10::optional<Tensor> &attn_mask = {},
                                                         double dropout_p = 0.0, bool need_attn_weights = false,
                                                         bool is_causal = false);
Tensor mm(const Tensor &self, const Tensor &mat2);
Tensor mv(const Tensor &self, const Tensor &vec);
Tensor bmm(const Tensor &self, const Tensor &mat2);
Tensor linear(const Tensor &input, const Tensor &weight, const c10::optional<Tensor> &bias = {});
Tensor softmax(const Tensor &self, int64_t dim, c10::optional<ScalarType> dtype = c10::nullopt);
Tensor log_softmax(const Tensor &self, int64_t dim, c10::optional<ScalarType> dtype = c10::nullopt);
Tensor layer_norm(const Tensor &input, IntArrayRef normalized_shape,
                  const c10::optional<Tensor> &weight = {}, const c10::optional<Tensor> &bias = {},
                  double eps = 1e-05, bool cudnn_enable = true);
Tensor where(const Tensor &condition, const Tensor &self, const Tensor &other);
Tensor where(const Tensor &condition, const Tensor &self, const Scalar &other);
Tensor where(const Tensor &condition, const Scalar &self, const Tensor &other);
Tensor clamp(const Tensor &self, const c10::optional<Scalar> &min, const c10::optional<Scalar> &max = c10::nullopt);
Tensor clamp_min(const Tensor &self, const Scalar &min);
Tensor binary_cross_entropy(const Tensor &self, const Tensor &target,
                            const c10::optional<Tensor> &weight = {},
                            int64_t reduction = at::Reduction::Mean);
Tensor binary_cross_entropy_with_logits(const Tensor &self, const Tensor &target,
                                        const c10::optional<Tensor> &weight = {},
                                        const c10::optional<Tensor> &pos_weight = {},
                                        int64_t reduction = at::Reduction::Mean);
Tensor mse_loss(const Tensor &self, const Tensor &target, int64_t reduction = at::Reduction::Mean);
Tensor nll_loss(const Tensor &self, const Tensor &target);
Tensor cross_entropy_loss(const Tensor &self, const Tensor &target);

Tensor empty(IntArrayRef size, TensorOptions options = {});
Tensor zeros(IntArrayRef size, TensorOptions options = {});
Tensor ones(IntArrayRef size, TensorOptions options = {});
Tensor randn(IntArrayRef size, TensorOptions options = {});
Tensor rand(IntArrayRef size, TensorOptions options = {});
Tensor randint(int64_t high, IntArrayRef size, TensorOptions options = {});
Tensor full(IntArrayRef size, const Scalar &fill_value, TensorOptions options = {});
Tensor full_like(const Tensor &self, const Scalar &fill_value, TensorOptions options = {});
Tensor zeros_like(const Tensor &self, TensorOptions options = {});
Tensor index_add(const Tensor &self, int64_t dim, const Tensor &index, const Tensor &source);
Tensor ones_like(const Tensor &self, TensorOptions options = {});
Tensor arange(const Scalar &end, TensorOptions options = {});
Tensor tril(const Tensor &self, int64_t diagonal = 0);
Tensor triu(const Tensor &self, int64_t diagonal = 0);

using TensorList = ArrayRef<Tensor>;
Tensor linalg_vecdot(const Tensor &x, const Tensor &y, int64_t dim = -1);
std::tuple<Tensor, Tensor, Tensor> linalg_svd(const Tensor &A, bool full_matrices = true);
Tensor linalg_inv(const Tensor &A);
Tensor det(const Tensor &self);
Tensor cat(TensorList tensors, int64_t dim = 0);
Tensor stack(TensorList tensors, int64_t dim = 0);

Tensor &exp_(Tensor &self);
Tensor &exp_out(Tensor &out, const Tensor &self);
Tensor &log_out(Tensor &out, const Tensor &self);
Tensor &pow_out(Tensor &out, const Tensor &self, const Scalar &exponent);

void _amp_foreach_non_finite_check_and_unscale_(ArrayRef<Tensor> self, Tensor &found_inf, const Tensor &inv_scale);
Tensor &_amp_update_scale_(Tensor &self, Tensor &growth_tracker, const Tensor &found_inf,
                           double scale_growth_factor, double scale_backoff_factor, int64_t growth_interval);

namespace autocast {
bool is_enabled();
void set_enabled(bool enabled);
bool is_cpu_enabled();
void set_cpu_enabled(bool enabled);
ScalarType get_autocast_gpu_dtype();
ScalarType get_autocast_cpu_dtype();
void set_autocast_gpu_dtype(ScalarType dtype);
void set_autocast_cpu_dtype(ScalarType dtype);
int increment_nesting();
int decrement_nesting();
void clear_cache();
bool is_autocast_cache_enabled();
void set_autocast_cache_enabled(bool enabled);
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
// LibTorch 2.4's per-device spellings.
bool is_autocast_enabled(DeviceType device_type);
void set_autocast_enabled(DeviceType device_type, bool enabled);
ScalarType get_autocast_dtype(DeviceType device_type);
void set_autocast_dtype(DeviceType device_type, ScalarType dtype);
#endif
} // namespace autocast

} // namespace at

// Like the real macros, these evaluate TYPE (a switch over it there) and then the lambda.
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...) [&] { const at::ScalarType the_type = TYPE; (void)the_type; using scalar_t = float; return __VA_ARGS__(); }()
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...) [&] { const at::ScalarType the_type = TYPE; (void)the_type; using scalar_t = float; return __VA_ARGS__(); }()
#define AT_DISPATCH_FLOATING_TYPES_AND2(A, B, TYPE, NAME, ...) [&] { const at::ScalarType the_type = TYPE; (void)the_type; using scalar_t = float; return __VA_ARGS__(); }()
