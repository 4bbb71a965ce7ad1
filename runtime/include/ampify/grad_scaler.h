// ampify runtime: a C++ equivalent of Python's torch.amp.GradScaler.
#pragma once

#include <ampify/compat.h>
#include <ampify/switch.h>

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <torch/arg.h>
#include <torch/optim/adam.h>
#include <torch/optim/adamw.h>
#include <torch/optim/optimizer.h>
#include <torch/optim/sgd.h>
#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ampify {

/// Sums a one-element found_inf tensor across data-parallel ranks, in place (an all-reduce with
/// SUM). See ampify/distributed.h for one made from a c10d process group.
using FoundInfReducer = std::function<void(at::Tensor& found_inf)>;

/// GradScaler options, in LibTorch's builder style: GradScalerOptions().init_scale(1024).growth_interval(100)
struct GradScalerOptions {
  TORCH_ARG(double, init_scale) = 65536.0;
  TORCH_ARG(double, growth_factor) = 2.0;
  TORCH_ARG(double, backoff_factor) = 0.5;
  TORCH_ARG(int64_t, growth_interval) = 2000;
  TORCH_ARG(bool, enabled) = true;
  /// Data-parallel training: reduces found_inf across ranks before each skip decision and each
  /// scale update, so every rank skips the same steps and keeps the same scale even when the ranks
  /// see different gradients (sharded state, or unscale_ before the gradient all-reduce).
  /// Like FSDP's ShardedGradScaler. Every rank must then call step() and update() alike.
  TORCH_ARG(FoundInfReducer, found_inf_reducer) = nullptr;
  /// step() runs LibTorch's fused optimizer kernel (at::_fused_adamw_, _fused_adam_, _fused_sgd_)
  /// with grad_scale/found_inf where the optimizer, its parameters and this LibTorch allow it: no
  /// host sync in the step. false: always the unscale pass, one found_inf read, optimizer.step().
  /// Not part of the checkpoint.
  TORCH_ARG(bool, fused_step) = true;
  /// cpu_on_request(true): an ampify extension, the scaler's side of AutocastOptions::cpu_on_request.
  /// When the first tensor given to scale() is on the CPU, the scaler turns itself off for good
  /// (is_enabled() becomes false: scale() returns its input, step() is optimizer.step()) unless the
  /// environment asks for CPU autocast (AMPIFY_CPU_AUTOCAST=1). Elsewhere it changes nothing.
  /// `ampify fix` sets it where a loop's device is decided at run time, so that a run on the CPU,
  /// where the region is off, computes what the program computed before: scaling by 65536 and
  /// back is not exact where gradients fall below fp32's normal range.
  TORCH_ARG(bool, cpu_on_request) = false;
};

/// What GradScaler::step() returns: whether the optimizer stepped (false when a gradient was
/// inf/NaN). On the fused path the step was decided on the device, so converting to bool reads
/// found_inf (a host sync); a caller that ignores the result pays nothing.
class StepResult {
 public:
  /* implicit */ operator bool() const;

 private:
  friend class GradScaler;
  explicit StepResult(bool stepped) : stepped_(stepped) {}
  explicit StepResult(at::Tensor found_inf) : found_inf_(std::move(found_inf)) {}
  bool stepped_ = false;
  at::Tensor found_inf_;  // defined on the fused path: stepped = (found_inf == 0)
};

/// Dynamic loss scaling for mixed-precision training, with the semantics of torch.amp.GradScaler:
///
///   ampify::GradScaler scaler;                    // or GradScaler(GradScalerOptions()...)
///   for (...) {
///     optimizer.zero_grad();
///     torch::Tensor loss;
///     { ampify::Autocast autocast(c10::kCUDA); loss = loss_fn(model->forward(x), y); }
///     scaler.scale(loss).backward();
///     scaler.unscale_(optimizer);                 // optional, e.g. before gradient clipping
///     scaler.step(optimizer);                     // skipped when a gradient is inf/NaN
///     scaler.update();                            // once per iteration, after all step() calls
///   }
///
/// The scale (fp32) and growth tracker (int32) live on the device of the first tensor given to
/// scale(). Per optimizer, an iteration goes READY -> (unscale_) UNSCALED -> (step) STEPPED, and
/// update() sets every optimizer back to READY; calls out of that order raise c10::Error saying
/// what to do. Not thread-safe: one scaler per training loop.
class GradScaler {
 public:
  explicit GradScaler(GradScalerOptions options = {});

  /// Multiplies by the current scale (no host sync). Disabled: returns `outputs` unchanged.
  at::Tensor scale(const at::Tensor& outputs);
  std::vector<at::Tensor> scale(const std::vector<at::Tensor>& outputs);

  /// Divides the optimizer's gradients by the scale in place and records (on device) whether any
  /// is inf/NaN. At most once per optimizer per iteration, before step().
  void unscale_(torch::optim::Optimizer& optimizer);

  /// Steps the optimizer unless one of its gradients was inf/NaN. Two paths:
  ///  - fused (the default where possible): an AdamW, Adam or SGD whose parameters are on a device
  ///    with LibTorch's fused kernel for it (CUDA; CPU from LibTorch 2.4) runs at::_fused_adamw_ /
  ///    _fused_adam_ / _fused_sgd_ with grad_scale and found_inf: the inf check reads the
  ///    gradients once, the kernel unscales them and skips itself on the device. No host sync.
  ///    Uses the optimizer's param groups and options and keeps its state (exp_avg, exp_avg_sq,
  ///    momentum_buffer) in the optimizer; Adam/AdamW step counts live on the device in this
  ///    scaler (see save()). An SGD with momentum takes the unfused path until its momentum
  ///    buffers exist (the first step that is not skipped creates them, as LibTorch's SGD does).
  ///  - unfused: unscale_ (if not done yet), one found_inf read on the host (as Python), then
  ///    optimizer.step(). Under AMPIFY_SCALER_TRACE, why the fused path was not taken is printed
  ///    to stderr once per reason.
  /// A closure is only accepted by a disabled scaler (as in Python); a disabled scaler calls
  /// optimizer.step().
  StepResult step(torch::optim::Optimizer& optimizer,
                  torch::optim::Optimizer::LossClosure closure = nullptr);

  /// The fused path of step() for an AdamW, required: throws where it is not available (LibTorch
  /// < 2.1, or a device without the kernel) instead of falling back. Kept for code written before
  /// step() became fused. Disabled scaler (or AMPIFY_DISABLE=1): the same fused kernel without
  /// grad_scale/found_inf.
  void fused_adamw_step(torch::optim::AdamW& optimizer);

  /// Updates the scale from the inf checks of this iteration (no host sync) and resets every
  /// optimizer to READY. Call once per iteration, after all step() calls.
  void update();
  /// Sets the scale to `new_scale` (tracker unchanged) and resets every optimizer to READY.
  void update(double new_scale);

  /// Current scale (reads it from the device: a sync). 1.0 when disabled; init_scale before the
  /// first scale() call.
  double get_scale() const;
  /// Current growth tracker (a sync). 0 when disabled.
  int64_t get_growth_tracker() const;
  bool is_enabled() const { return enabled_; }
  const GradScalerOptions& options() const { return options_; }
  /// The scale tensor itself (undefined before the first scale() call or when disabled).
  const at::Tensor& scale_tensor() const { return scale_; }

  /// Checkpointing: writes/reads scale, growth tracker, the options and the Adam/AdamW step counts
  /// of the fused path (per optimizer, in the order the Adam/AdamW optimizers were first given to
  /// step(), which a resumed run must repeat). load() restores the options from the checkpoint
  /// (init_scale, growth_factor, backoff_factor, growth_interval), as torch.amp.GradScaler's
  /// load_state_dict does; the found_inf reducer and fused_step stay as constructed. Every loaded
  /// value is checked as the constructor checks it, and an error names the field; nothing is
  /// changed unless the whole state is valid. A state saved from a disabled scaler is refused; a
  /// disabled scaler restores only the fused step counts.
  void save(torch::serialize::OutputArchive& archive) const;
  void load(torch::serialize::InputArchive& archive);

 private:
  enum class Stage { READY, UNSCALED, STEPPED };
  enum class FusedKind { NONE, ADAMW, ADAM, SGD };
  struct OptimizerState {
    Stage stage = Stage::READY;
    std::vector<std::pair<c10::Device, at::Tensor>> found_inf_per_device;
    float found_inf = 0; // as read on the host by step(), for the trace
    bool stepped = false;
    bool fused = false;  // stepped on the device: the trace reads found_inf in update()
    at::Tensor found_inf_reduced;  // fused: found_inf across devices (and ranks), as the kernels saw it
  };

  /// Creates the scale and growth tracker on `device`; false (and this scaler off for good) where
  /// cpu_on_request leaves it off there.
  bool lazy_init(const c10::Device& device);
  void check_scale(const char* what) const;
  std::vector<std::pair<c10::Device, at::Tensor>> unscale_grads(torch::optim::Optimizer& optimizer,
                                                                const at::Tensor& inv_scale,
                                                                const at::Tensor& found_inf,
                                                                bool allow_fp16, bool check_only);
  OptimizerState& state_of(const torch::optim::Optimizer& optimizer);
  /// `found_inf` summed across ranks when a reducer is set; otherwise `found_inf` itself.
  at::Tensor reduce_across_ranks(at::Tensor found_inf) const;
  void write_trace(double scale_before, const at::Tensor& found_inf);
  /// The fused kernel step() can use for `optimizer`, or NONE with the reason in `why`.
  FusedKind fused_kind(const torch::optim::Optimizer& optimizer, std::string& why) const;
  /// Runs the fused kernel on every (device, dtype) group; `st` null: no grad_scale/found_inf.
  void fused_step(torch::optim::Optimizer& optimizer, FusedKind kind, OptimizerState* st);
  /// Before an unfused step of an Adam/AdamW: moves the step counts the fused path keeps on the
  /// device (or that load() read) into the optimizer's own state (a sync, once per switch).
  void steps_to_optimizer(torch::optim::Optimizer& optimizer);
  void say_fallback_once(const std::string& why);

  GradScalerOptions options_;
  bool enabled_;
  at::Tensor scale_;           // float32, 0-dim
  at::Tensor growth_tracker_;  // int32, 0-dim
  double init_scale_;
  int64_t init_growth_tracker_ = 0;
  std::unordered_map<const torch::optim::Optimizer*, OptimizerState> per_optimizer_;
  /// The step counts of the fused Adam/AdamW path, per optimizer in the order of first use:
  /// float32 0-dim tensors on the parameters' devices, as torch.optim's fused Adam keeps them, so
  /// that a skipped step is taken back on the device. Adam(W)ParamState::step() is a host int64 and
  /// would cost a sync per step, so it is read once, when a parameter is first stepped fused, and
  /// written back when the optimizer next takes the unfused path.
  struct FusedSteps {
    const torch::optim::Optimizer* optimizer;
    std::vector<const c10::TensorImpl*> params;  // param_groups order; a changed entry restarts its step
    std::vector<at::Tensor> steps;               // undefined: the optimizer's own step() is current
  };
  FusedSteps& fused_state(const torch::optim::Optimizer& optimizer);
  void load_fused_steps(torch::serialize::InputArchive& archive);
  std::vector<FusedSteps> fused_;
  std::set<std::string> fallbacks_said_;
  /// Step counts read by load() that no optimizer has claimed yet: the k-th list (float32 on the
  /// CPU, one per parameter, NaN for a parameter never stepped) goes to the k-th AdamW given to
  /// fused_adamw_step after the load.
  std::vector<at::Tensor> loaded_fused_steps_;
  at::Tensor one_;  // 1.0 next to the scale: the inv_scale of fused_adamw_step's inf check
  /// AMPIFY_SCALER_TRACE, read at construction: a file that update() appends one JSON line to
  /// per iteration (scale before and after, found_inf, and each optimizer's found_inf and whether
  /// it stepped). It costs host syncs, so it is for tests and debugging only.
  std::string trace_path_;
};

/// torch::save / torch::load support: torch::save(scaler, "scaler.pt"); torch::load(scaler, "scaler.pt").
torch::serialize::OutputArchive& operator<<(torch::serialize::OutputArchive& archive, const GradScaler& scaler);
torch::serialize::InputArchive& operator>>(torch::serialize::InputArchive& archive, GradScaler& scaler);

/// File helpers: ampify::save(scaler, path) / ampify::load(scaler, path).
void save(const GradScaler& scaler, const std::string& path);
void load(GradScaler& scaler, const std::string& path);

namespace detail {
/// The tensor-op equivalents used where LibTorch has no kernel for the device (CPU before 2.3).
/// They give the same results as at::_amp_foreach_non_finite_check_and_unscale_ and
/// at::_amp_update_scale_ (exposed so tests can compare them with the kernels).
void non_finite_check_and_unscale_reference_(std::vector<at::Tensor>& grads, at::Tensor& found_inf,
                                             const at::Tensor& inv_scale);
void update_scale_reference_(at::Tensor& scale, at::Tensor& growth_tracker, const at::Tensor& found_inf,
                             double growth_factor, double backoff_factor, int64_t growth_interval);
/// Whether the fused ATen kernels are used for this device type in this build.
bool has_amp_kernels(c10::DeviceType device);
}  // namespace detail

}  // namespace ampify
