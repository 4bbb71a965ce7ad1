// Mock of <torch/torch.h> for the fast test tier. It mirrors the real shapes that matter to the
// matchers: `torch::` re-exports `at::` (so torch::sigmoid is at::sigmoid), modules are
// ModuleHolder<XImpl> subclasses declared by TORCH_MODULE, options are builder classes.
#pragma once
#include <ATen/ATen.h>
#include <ATen/autocast_mode.h>
#include <torch/version.h>

#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace torch {
using namespace at;
using at::Tensor;
// torch/types.h
constexpr auto kFloat16 = at::kHalf;
constexpr auto kFloat32 = at::kFloat;
namespace autograd {
using Variable = at::Tensor;
using variable_list = std::vector<Variable>;
void backward(const variable_list &tensors, const variable_list &grad_tensors = {},
              c10::optional<bool> retain_graph = c10::nullopt, bool create_graph = false,
              const variable_list &inputs = {});
variable_list grad(const variable_list &outputs, const variable_list &inputs,
                   const variable_list &grad_outputs = {}, c10::optional<bool> retain_graph = c10::nullopt,
                   bool create_graph = false, bool allow_unused = false);
struct AutogradContext {
  void save_for_backward(variable_list to_save);
  variable_list get_saved_variables() const;
};
template <class T> struct Function {
  template <typename... Args> static auto apply(Args &&...args) -> variable_list;
};
} // namespace autograd
using autograd::Variable;

struct NoGradGuard {
  NoGradGuard();
  ~NoGradGuard();
};
Tensor tensor(std::initializer_list<double> values, TensorOptions options = {});
Tensor tensor(std::initializer_list<std::initializer_list<double>> values, TensorOptions options = {});
void manual_seed(uint64_t seed);
namespace cuda {
bool is_available();
}

namespace serialize {
class OutputArchive {
public:
  void write(const std::string &key, const Tensor &tensor, bool is_buffer = false);
  void save_to(const std::string &filename);
};
class InputArchive {
public:
  bool try_read(const std::string &key, Tensor &tensor, bool is_buffer = false);
  void read(const std::string &key, Tensor &tensor, bool is_buffer = false);
  void load_from(const std::string &filename);
};
} // namespace serialize

#define TORCH_ARG(T, name)                                                                         \
public:                                                                                            \
  auto name(const T &new_##name)->decltype(*this) {                                                \
    this->name##_ = new_##name;                                                                    \
    return *this;                                                                                  \
  }                                                                                                \
  const T &name() const noexcept { return this->name##_; }                                         \
  T &name() noexcept { return this->name##_; }                                                     \
                                                                                                   \
private:                                                                                           \
  T name##_

namespace enumtype {
struct kNone {};
struct kMean {};
struct kSum {};
} // namespace enumtype
constexpr enumtype::kNone kNone{};
constexpr enumtype::kMean kMean{};
constexpr enumtype::kSum kSum{};

namespace nn {

class Module {
public:
  virtual ~Module() = default;
  std::vector<Tensor> parameters(bool recurse = true) const;
  std::vector<Tensor> buffers(bool recurse = true) const;
  std::map<std::string, Tensor> named_parameters(bool recurse = true) const;
  void train(bool on = true);
  void eval();
  bool is_training() const;
  void zero_grad(bool set_to_none = true);
  virtual void to(Device device, bool non_blocking = false);
  virtual void to(ScalarType dtype, bool non_blocking = false);
  virtual void to(Device device, ScalarType dtype, bool non_blocking = false);
  template <typename ModuleType> std::shared_ptr<ModuleType> register_module(std::string name, std::shared_ptr<ModuleType> module);
  template <typename ModuleType> auto register_module(std::string name, ModuleType holder) -> decltype(holder);
  Tensor &register_parameter(std::string name, Tensor tensor, bool requires_grad = true);
  Tensor &register_buffer(std::string name, Tensor tensor);
};

template <typename Derived> class Cloneable : public Module {};

template <typename Contained> class ModuleHolder {
public:
  ModuleHolder() : impl_(std::make_shared<Contained>()) {}
  ModuleHolder(std::nullptr_t) {}
  template <typename Head, typename... Tail>
  explicit ModuleHolder(Head &&head, Tail &&...tail)
      : impl_(new Contained(std::forward<Head>(head), std::forward<Tail>(tail)...)) {}
  ModuleHolder(std::shared_ptr<Contained> module) : impl_(std::move(module)) {}
  Contained *operator->() { return impl_.get(); }
  const Contained *operator->() const { return impl_.get(); }
  Contained &operator*() { return *impl_; }
  const std::shared_ptr<Contained> &ptr() const { return impl_; }
  Contained *get() { return impl_.get(); }
  template <typename... Args> auto operator()(Args &&...args) -> decltype(std::declval<Contained>().forward(std::forward<Args>(args)...)) {
    return impl_->forward(std::forward<Args>(args)...);
  }
  bool is_empty() const noexcept { return impl_ == nullptr; }

protected:
  std::shared_ptr<Contained> impl_;
};

#define TORCH_MODULE_IMPL(Name, ImplType)                                                          \
  class Name : public torch::nn::ModuleHolder<ImplType> {                                          \
  public:                                                                                          \
    using torch::nn::ModuleHolder<ImplType>::ModuleHolder;                                         \
  }
#define TORCH_MODULE(Name) TORCH_MODULE_IMPL(Name, Name##Impl)

struct LinearOptions {
  LinearOptions(int64_t in_features, int64_t out_features) : in_features_(in_features), out_features_(out_features) {}
  TORCH_ARG(int64_t, in_features);
  TORCH_ARG(int64_t, out_features);
  TORCH_ARG(bool, bias) = true;
};
class LinearImpl : public Cloneable<LinearImpl> {
public:
  LinearImpl(int64_t in_features, int64_t out_features) : LinearImpl(LinearOptions(in_features, out_features)) {}
  explicit LinearImpl(const LinearOptions &options_) : options(options_) {}
  Tensor forward(const Tensor &input);
  LinearOptions options;
  Tensor weight;
  Tensor bias;
};
TORCH_MODULE(Linear);

struct BilinearOptions {
  BilinearOptions(int64_t in1_features, int64_t in2_features, int64_t out_features)
      : in1_features_(in1_features), in2_features_(in2_features), out_features_(out_features) {}
  TORCH_ARG(int64_t, in1_features);
  TORCH_ARG(int64_t, in2_features);
  TORCH_ARG(int64_t, out_features);
  TORCH_ARG(bool, bias) = true;
};
class BilinearImpl : public Cloneable<BilinearImpl> {
public:
  BilinearImpl(int64_t in1_features, int64_t in2_features, int64_t out_features)
      : BilinearImpl(BilinearOptions(in1_features, in2_features, out_features)) {}
  explicit BilinearImpl(const BilinearOptions &options_) : options(options_) {}
  Tensor forward(const Tensor &input1, const Tensor &input2);
  BilinearOptions options;
};
TORCH_MODULE(Bilinear);

template <size_t D> struct ConvOptions {
  ConvOptions(int64_t in_channels, int64_t out_channels, IntArrayRef kernel_size)
      : in_channels_(in_channels), out_channels_(out_channels) {}
  TORCH_ARG(int64_t, in_channels);
  TORCH_ARG(int64_t, out_channels);
  TORCH_ARG(int64_t, stride) = 1;
  TORCH_ARG(int64_t, padding) = 0;
  TORCH_ARG(int64_t, groups) = 1;
  TORCH_ARG(bool, bias) = true;
};
using Conv1dOptions = ConvOptions<1>;
using Conv2dOptions = ConvOptions<2>;
using Conv3dOptions = ConvOptions<3>;
template <size_t D> using ConvTransposeOptions = ConvOptions<D>;
using ConvTranspose1dOptions = ConvTransposeOptions<1>;
using ConvTranspose2dOptions = ConvTransposeOptions<2>;
using ConvTranspose3dOptions = ConvTransposeOptions<3>;
#define AMPIFY_MOCK_CONV(Name, D)                                                                  \
  class Name##Impl : public Cloneable<Name##Impl> {                                                \
  public:                                                                                          \
    Name##Impl(int64_t input_channels, int64_t output_channels, IntArrayRef kernel_size)           \
        : Name##Impl(ConvOptions<D>(input_channels, output_channels, kernel_size)) {}              \
    explicit Name##Impl(ConvOptions<D> options_) : options(options_) {}                            \
    Tensor forward(const Tensor &input);                                                           \
    ConvOptions<D> options;                                                                        \
    Tensor weight;                                                                                 \
  };                                                                                               \
  TORCH_MODULE(Name)
AMPIFY_MOCK_CONV(Conv1d, 1);
AMPIFY_MOCK_CONV(Conv2d, 2);
AMPIFY_MOCK_CONV(Conv3d, 3);
AMPIFY_MOCK_CONV(ConvTranspose1d, 1);
AMPIFY_MOCK_CONV(ConvTranspose2d, 2);
AMPIFY_MOCK_CONV(ConvTranspose3d, 3);

struct EmbeddingOptions {
  EmbeddingOptions(int64_t num_embeddings, int64_t embedding_dim)
      : num_embeddings_(num_embeddings), embedding_dim_(embedding_dim) {}
  TORCH_ARG(int64_t, num_embeddings);
  TORCH_ARG(int64_t, embedding_dim);
};
class EmbeddingImpl : public Cloneable<EmbeddingImpl> {
public:
  EmbeddingImpl(int64_t num_embeddings, int64_t embedding_dim)
      : EmbeddingImpl(EmbeddingOptions(num_embeddings, embedding_dim)) {}
  explicit EmbeddingImpl(EmbeddingOptions options_) : options(options_) {}
  Tensor forward(const Tensor &indices);
  EmbeddingOptions options;
  Tensor weight;
};
TORCH_MODULE(Embedding);

template <typename Derived> struct RNNOptionsBase {
  RNNOptionsBase(int64_t input_size, int64_t hidden_size) : input_size_(input_size), hidden_size_(hidden_size) {}
  TORCH_ARG(int64_t, input_size);
  TORCH_ARG(int64_t, hidden_size);
  TORCH_ARG(int64_t, num_layers) = 1;
  TORCH_ARG(bool, batch_first) = false;
};
struct LSTMOptions : RNNOptionsBase<LSTMOptions> { using RNNOptionsBase::RNNOptionsBase; };
struct GRUOptions : RNNOptionsBase<GRUOptions> { using RNNOptionsBase::RNNOptionsBase; };
struct RNNOptions : RNNOptionsBase<RNNOptions> { using RNNOptionsBase::RNNOptionsBase; };
using LSTMOutput = std::tuple<Tensor, std::tuple<Tensor, Tensor>>;
using RNNOutput = std::tuple<Tensor, Tensor>;
#define AMPIFY_MOCK_RNN(Name, Output)                                                              \
  class Name##Impl : public Cloneable<Name##Impl> {                                                \
  public:                                                                                          \
    Name##Impl(int64_t input_size, int64_t hidden_size)                                            \
        : Name##Impl(Name##Options(input_size, hidden_size)) {}                                    \
    explicit Name##Impl(const Name##Options &options_) : options(options_) {}                      \
    Output forward(const Tensor &input);                                                           \
    Name##Options options;                                                                         \
  };                                                                                               \
  TORCH_MODULE(Name)
AMPIFY_MOCK_RNN(LSTM, LSTMOutput);
AMPIFY_MOCK_RNN(GRU, RNNOutput);
AMPIFY_MOCK_RNN(RNN, RNNOutput);

struct MultiheadAttentionOptions {
  MultiheadAttentionOptions(int64_t embed_dim, int64_t num_heads) : embed_dim_(embed_dim), num_heads_(num_heads) {}
  TORCH_ARG(int64_t, embed_dim);
  TORCH_ARG(int64_t, num_heads);
  TORCH_ARG(double, dropout) = 0.0;
};
class MultiheadAttentionImpl : public Cloneable<MultiheadAttentionImpl> {
public:
  MultiheadAttentionImpl(int64_t embed_dim, int64_t num_heads)
      : MultiheadAttentionImpl(MultiheadAttentionOptions(embed_dim, num_heads)) {}
  explicit MultiheadAttentionImpl(const MultiheadAttentionOptions &options_) : options(options_) {}
  std::tuple<Tensor, Tensor> forward(const Tensor &query, const Tensor &key, const Tensor &value,
                                     const Tensor &key_padding_mask = {}, bool need_weights = true,
                                     const Tensor &attn_mask = {});
  MultiheadAttentionOptions options;
};
TORCH_MODULE(MultiheadAttention);

struct LayerNormOptions {
  LayerNormOptions(std::vector<int64_t> normalized_shape) : normalized_shape_(normalized_shape) {}
  TORCH_ARG(std::vector<int64_t>, normalized_shape);
  TORCH_ARG(double, eps) = 1e-5;
};
class LayerNormImpl : public Cloneable<LayerNormImpl> {
public:
  LayerNormImpl(std::vector<int64_t> normalized_shape) : LayerNormImpl(LayerNormOptions(normalized_shape)) {}
  explicit LayerNormImpl(LayerNormOptions options_) : options(options_) {}
  Tensor forward(const Tensor &input);
  LayerNormOptions options;
};
TORCH_MODULE(LayerNorm);

struct BatchNormOptions {
  BatchNormOptions(int64_t num_features) : num_features_(num_features) {}
  TORCH_ARG(int64_t, num_features);
  TORCH_ARG(double, eps) = 1e-5;
};
#define AMPIFY_MOCK_NORM(Name)                                                                     \
  class Name##Impl : public Cloneable<Name##Impl> {                                                \
  public:                                                                                          \
    explicit Name##Impl(const BatchNormOptions &options_) : options(options_) {}                   \
    Tensor forward(const Tensor &input);                                                           \
    BatchNormOptions options;                                                                      \
  };                                                                                               \
  TORCH_MODULE(Name)
AMPIFY_MOCK_NORM(BatchNorm1d);
AMPIFY_MOCK_NORM(BatchNorm2d);

#define AMPIFY_MOCK_SIMPLE(Name)                                                                   \
  class Name##Impl : public Cloneable<Name##Impl> {                                                \
  public:                                                                                          \
    Name##Impl() = default;                                                                        \
    template <typename... Options> explicit Name##Impl(Options &&...) {}                           \
    Tensor forward(const Tensor &input);                                                           \
  };                                                                                               \
  TORCH_MODULE(Name)
AMPIFY_MOCK_SIMPLE(ReLU);
AMPIFY_MOCK_SIMPLE(GELU);
AMPIFY_MOCK_SIMPLE(Dropout);
AMPIFY_MOCK_SIMPLE(Flatten);
AMPIFY_MOCK_SIMPLE(Sigmoid);
AMPIFY_MOCK_SIMPLE(LeakyReLU);

#define AMPIFY_MOCK_LOSS(Name)                                                                     \
  struct Name##Options {                                                                           \
    Name##Options() = default;                                                                     \
    Name##Options &weight(const Tensor &) { return *this; }                                        \
    template <typename R> Name##Options &reduction(R) { return *this; }                            \
  };                                                                                               \
  class Name##Impl : public Cloneable<Name##Impl> {                                                \
  public:                                                                                          \
    explicit Name##Impl(const Name##Options &options_ = {}) : options(options_) {}                 \
    Tensor forward(const Tensor &input, const Tensor &target);                                     \
    Name##Options options;                                                                         \
  };                                                                                               \
  TORCH_MODULE(Name)
AMPIFY_MOCK_LOSS(BCELoss);
AMPIFY_MOCK_LOSS(BCEWithLogitsLoss);
AMPIFY_MOCK_LOSS(CrossEntropyLoss);
AMPIFY_MOCK_LOSS(MSELoss);
AMPIFY_MOCK_LOSS(NLLLoss);

// A module with its name, as Sequential's braced list takes them: {{"fc", Linear(4, 4)}, ...}.
class NamedAnyModule {
public:
  template <typename ModuleType> NamedAnyModule(std::string name, ModuleType &&module) {}
};

class SequentialImpl : public Cloneable<SequentialImpl> {
public:
  SequentialImpl() = default;
  template <typename... Modules> explicit SequentialImpl(Modules &&...modules) {}
  explicit SequentialImpl(std::initializer_list<NamedAnyModule> named_modules) {}
  Tensor forward(const Tensor &input);
  template <typename ModuleType> void push_back(ModuleType &&module) {}
  template <typename ModuleType> void push_back(std::string name, ModuleType &&module) {}
  template <typename Container> void extend(const Container &container) {}
  size_t size() const;
};
class Sequential : public torch::nn::ModuleHolder<SequentialImpl> {
public:
  using torch::nn::ModuleHolder<SequentialImpl>::ModuleHolder;
  Sequential() : ModuleHolder() {}
  Sequential(std::initializer_list<NamedAnyModule> named_modules)
      : ModuleHolder(std::make_shared<SequentialImpl>(named_modules)) {}
};

namespace functional {
struct Conv2dFuncOptions {
  Conv2dFuncOptions &padding(int64_t) { return *this; }
  Conv2dFuncOptions &groups(int64_t) { return *this; }
};
inline Tensor conv2d(const Tensor &input, const Tensor &weight, const Conv2dFuncOptions &options = {}) {
  return torch::conv2d(input, weight);
}
struct BinaryCrossEntropyFuncOptions {
  BinaryCrossEntropyFuncOptions &weight(const Tensor &) { return *this; }
  template <typename R> BinaryCrossEntropyFuncOptions &reduction(R) { return *this; }
};
struct BinaryCrossEntropyWithLogitsFuncOptions {
  BinaryCrossEntropyWithLogitsFuncOptions &weight(const Tensor &) { return *this; }
  BinaryCrossEntropyWithLogitsFuncOptions &pos_weight(const Tensor &) { return *this; }
  template <typename R> BinaryCrossEntropyWithLogitsFuncOptions &reduction(R) { return *this; }
};
inline Tensor binary_cross_entropy(const Tensor &input, const Tensor &target,
                                   const BinaryCrossEntropyFuncOptions &options = {}) {
  return torch::binary_cross_entropy(input, target);
}
inline Tensor binary_cross_entropy_with_logits(const Tensor &input, const Tensor &target,
                                               const BinaryCrossEntropyWithLogitsFuncOptions &options = {}) {
  return torch::binary_cross_entropy_with_logits(input, target);
}
Tensor relu(const Tensor &input);
inline Tensor linear(const Tensor &input, const Tensor &weight, const Tensor &bias = {}) {
  return torch::linear(input, weight, bias);
}
Tensor gelu(const Tensor &input);
Tensor dropout(const Tensor &input);
Tensor cross_entropy(const Tensor &input, const Tensor &target);
Tensor mse_loss(const Tensor &input, const Tensor &target);
Tensor layer_norm(const Tensor &input, std::vector<int64_t> normalized_shape);
Tensor softmax(const Tensor &input, int64_t dim);
Tensor log_softmax(const Tensor &input, int64_t dim);
} // namespace functional

namespace utils {
double clip_grad_norm_(std::vector<Tensor> parameters, double max_norm, double norm_type = 2.0);
double clip_grad_norm_(Tensor parameter, double max_norm, double norm_type = 2.0);
void clip_grad_value_(std::vector<Tensor> parameters, double clip_value);
} // namespace utils

} // namespace nn

namespace optim {
class OptimizerOptions {
public:
  virtual ~OptimizerOptions() = default;
  virtual double get_lr() const;
  virtual void set_lr(double lr);
};
class OptimizerParamGroup {
public:
  std::vector<Tensor> &params();
  OptimizerOptions &options();
};
class Optimizer {
public:
  using LossClosure = std::function<Tensor()>;
  virtual ~Optimizer() = default;
  void zero_grad(bool set_to_none = true);
  virtual Tensor step(LossClosure closure = nullptr) = 0;
  std::vector<OptimizerParamGroup> &param_groups() noexcept;
  const std::vector<Tensor> &parameters() const noexcept;
  void add_param_group(const OptimizerParamGroup &param_group);
};
struct SGDOptions : OptimizerOptions {
  SGDOptions(double lr) : lr_(lr) {}
  TORCH_ARG(double, lr);
  TORCH_ARG(double, momentum) = 0;
  TORCH_ARG(double, weight_decay) = 0;
};
struct AdamOptions : OptimizerOptions {
  AdamOptions(double lr = 1e-3) : lr_(lr) {}
  TORCH_ARG(double, lr);
  TORCH_ARG(double, eps) = 1e-8;
  TORCH_ARG(double, weight_decay) = 0;
  TORCH_ARG(bool, amsgrad) = false;
};
struct AdamWOptions : OptimizerOptions {
  AdamWOptions(double lr = 1e-3) : lr_(lr) {}
  TORCH_ARG(double, lr);
  TORCH_ARG(double, eps) = 1e-8;
  TORCH_ARG(double, weight_decay) = 1e-2;
};
struct LBFGSOptions : OptimizerOptions {
  LBFGSOptions(double lr = 1) : lr_(lr) {}
  TORCH_ARG(double, lr);
};
#define AMPIFY_MOCK_OPTIM(Name)                                                                    \
  class Name : public Optimizer {                                                                  \
  public:                                                                                          \
    explicit Name(std::vector<Tensor> params, Name##Options defaults = {});                        \
    Tensor step(LossClosure closure = nullptr) override;                                           \
  }
class SGD : public Optimizer {
public:
  explicit SGD(std::vector<Tensor> params, SGDOptions defaults);
  Tensor step(LossClosure closure = nullptr) override;
};
AMPIFY_MOCK_OPTIM(Adam);
AMPIFY_MOCK_OPTIM(AdamW);
AMPIFY_MOCK_OPTIM(LBFGS);

class LRScheduler {
public:
  explicit LRScheduler(Optimizer &optimizer);
  virtual ~LRScheduler() = default;
  void step();
};
class StepLR : public LRScheduler {
public:
  StepLR(Optimizer &optimizer, unsigned step_size, double gamma = 0.1);
};
} // namespace optim

namespace data {
struct DataLoaderOptions {
  DataLoaderOptions() = default;
  DataLoaderOptions(size_t batch_size) : batch_size_(batch_size) {}
  TORCH_ARG(size_t, batch_size) = 1;
  TORCH_ARG(size_t, workers) = 0;
};
template <typename Data = Tensor, typename Target = Tensor> struct Example {
  Data data;
  Target target;
};
} // namespace data

void save(const Tensor &tensor, const std::string &path);
template <typename Value> void save(const Value &value, const std::string &path);
template <typename Value> void load(Value &value, const std::string &path);

} // namespace torch
