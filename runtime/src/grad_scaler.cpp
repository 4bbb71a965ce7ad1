#include <ampify/grad_scaler.h>

#include <ATen/ATen.h>
#include <c10/util/Exception.h>
#include <torch/serialize.h>
#if AMPIFY_HAS_FUSED_ADAMW
#include <ATen/ops/_fused_adamw.h>
#endif
#if AMPIFY_HAS_FUSED_ADAM
#include <ATen/ops/_fused_adam.h>
#endif
#if AMPIFY_HAS_FUSED_SGD
#include <ATen/ops/_fused_sgd.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <type_traits>

namespace ampify {

namespace {

const char* stage_hint =
    "The order per iteration is: scaler.scale(loss).backward(); [scaler.unscale_(opt);] "
    "scaler.step(opt); scaler.update();";

// Copies of a (0-dim) tensor on other devices, made once per call site (Python's _MultiDeviceReplicator).
class Replicator {
 public:
  explicit Replicator(at::Tensor master) : master_(std::move(master)) {}
  at::Tensor get(const c10::Device& device) {
    if (device == master_.device()) return master_;
    for (auto& kv : copies_)
      if (kv.first == device) return kv.second;
    copies_.emplace_back(device, master_.to(device, master_.scalar_type(), /*non_blocking=*/true));
    return copies_.back().second;
  }
  std::vector<std::pair<c10::Device, at::Tensor>> all() const {
    std::vector<std::pair<c10::Device, at::Tensor>> out;
    out.emplace_back(master_.device(), master_);
    for (const auto& kv : copies_) out.push_back(kv);
    return out;
  }

 private:
  at::Tensor master_;
  std::vector<std::pair<c10::Device, at::Tensor>> copies_;
};

struct Group {
  c10::Device device;
  c10::ScalarType dtype;
  std::vector<at::Tensor> tensors;
};

Group& group_for(std::vector<Group>& groups, const c10::Device& device, c10::ScalarType dtype) {
  for (auto& g : groups)
    if (g.device == device && g.dtype == dtype) return g;
  groups.push_back(Group{device, dtype, {}});
  return groups.back();
}

// Sum of per-device found_inf tensors on `device`, no host sync.
at::Tensor combine_found_inf(const std::vector<std::pair<c10::Device, at::Tensor>>& found, const c10::Device& device) {
  at::Tensor total;
  for (const auto& kv : found) {
    at::Tensor t = kv.second.to(device, kv.second.scalar_type(), /*non_blocking=*/true);
    total = total.defined() ? total + t : t;
  }
  return total;
}

template <class Key>
Key state_key(const at::Tensor& p) {
  if constexpr (std::is_same_v<Key, std::string>) {
    // LibTorch 1.x keys optimizer state by the printed TensorImpl address.
    std::ostringstream os;
    os << p.unsafeGetTensorImpl();
    return os.str();
  } else {
    return static_cast<Key>(p.unsafeGetTensorImpl());
  }
}

}  // namespace

namespace detail {

bool has_amp_kernels(c10::DeviceType device) {
  if (device == c10::DeviceType::CPU) return AMPIFY_HAS_CPU_AMP_KERNELS;
  return true;  // CUDA (and others that PyTorch supports) have kernels
}

void non_finite_check_and_unscale_reference_(std::vector<at::Tensor>& grads, at::Tensor& found_inf,
                                             const at::Tensor& inv_scale) {
  if (grads.empty()) return;
  std::vector<at::Tensor> bad;
  bad.reserve(grads.size());
  for (auto& g : grads) {
    bad.push_back(at::isfinite(g).all().logical_not().reshape({1}));
    const auto st = g.scalar_type();
    if (st == at::kHalf || st == at::kBFloat16) {
      // The kernels compute in float (opmath) and round once to the gradient's dtype.
      g.copy_(g.to(at::kFloat).mul_(inv_scale));
    } else {
      // float: float * float; double: double * (double)inv_scale, as the kernels do.
      g.mul_(inv_scale);
    }
  }
  found_inf.masked_fill_(at::cat(bad).any(), 1.0);
}

void update_scale_reference_(at::Tensor& scale, at::Tensor& growth_tracker, const at::Tensor& found_inf,
                             double growth_factor, double backoff_factor, int64_t growth_interval) {
  TORCH_CHECK(scale.device().is_cpu() && growth_tracker.device().is_cpu(),
              "ampify: the reference scale update runs on cpu tensors only");
  TORCH_CHECK(scale.scalar_type() == at::kFloat && growth_tracker.scalar_type() == at::kInt,
              "ampify: scale must be float32 and growth_tracker int32");
  float* s = scale.data_ptr<float>();
  int32_t* t = growth_tracker.data_ptr<int32_t>();
  const float inf = found_inf.to(at::kCPU).to(at::kFloat).item<float>();
  // Same arithmetic as the CUDA/CPU kernels of _amp_update_scale_ (float * double, rounded to float).
  if (inf != 0.0f) {
    *s = static_cast<float>((*s) * backoff_factor);
    *t = 0;
  } else {
    const int32_t successful = (*t) + 1;
    if (successful == growth_interval) {
      const float new_scale = static_cast<float>((*s) * growth_factor);
      if (std::isfinite(new_scale)) *s = new_scale;
      *t = 0;
    } else {
      *t = successful;
    }
  }
}

}  // namespace detail

namespace {
// The checks of the constructor, also applied to every value load() reads.
void check_options(double init_scale, double growth_factor, double backoff_factor, int64_t growth_interval,
                   const char* where) {
  TORCH_CHECK(growth_factor > 1.0, where, "growth_factor must be > 1.0, got ", growth_factor);
  TORCH_CHECK(backoff_factor > 0.0 && backoff_factor < 1.0, where, "backoff_factor must be in (0, 1), got ",
              backoff_factor);
  TORCH_CHECK(growth_interval > 0, where, "growth_interval must be > 0, got ", growth_interval);
  TORCH_CHECK(growth_interval <= INT32_MAX, where, "growth_interval must fit in int32, got ", growth_interval);
  TORCH_CHECK(init_scale > 0.0 && std::isfinite(init_scale), where, "init_scale must be finite and > 0, got ",
              init_scale);
}
}  // namespace

GradScaler::GradScaler(GradScalerOptions options)
    : options_(options), enabled_(options.enabled() && !runtime_disabled()), init_scale_(options.init_scale()) {
  check_options(options_.init_scale(), options_.growth_factor(), options_.backoff_factor(),
                options_.growth_interval(), "ampify::GradScaler: ");
  if (const char* trace = std::getenv("AMPIFY_SCALER_TRACE"))
    trace_path_ = trace;
}

bool GradScaler::lazy_init(const c10::Device& device) {
  if (options_.cpu_on_request() && device.is_cpu() && !cpu_autocast_requested()) {
    enabled_ = false;
    return false;
  }
  scale_ = at::full({}, init_scale_, at::TensorOptions().dtype(at::kFloat).device(device));
  growth_tracker_ = at::full({}, init_growth_tracker_, at::TensorOptions().dtype(at::kInt).device(device));
  one_ = at::ones({}, scale_.options());
  return true;
}

void GradScaler::check_scale(const char* what) const {
  TORCH_CHECK(scale_.defined(), "ampify::GradScaler: ", what,
              "() was called but the scale does not exist yet: call scaler.scale(loss) (and backward on "
              "it) earlier in the iteration");
}

GradScaler::OptimizerState& GradScaler::state_of(const torch::optim::Optimizer& optimizer) {
  return per_optimizer_[&optimizer];
}

at::Tensor GradScaler::scale(const at::Tensor& outputs) {
  if (!enabled_) return outputs;
  TORCH_CHECK(outputs.defined(), "ampify::GradScaler::scale: the tensor is undefined");
  if (!scale_.defined() && !lazy_init(outputs.device())) return outputs;
  return outputs * scale_.to(outputs.device(), scale_.scalar_type(), /*non_blocking=*/true);
}

std::vector<at::Tensor> GradScaler::scale(const std::vector<at::Tensor>& outputs) {
  if (!enabled_) return outputs;
  std::vector<at::Tensor> out;
  out.reserve(outputs.size());
  if (outputs.empty()) return out;
  TORCH_CHECK(outputs.front().defined(), "ampify::GradScaler::scale: a tensor is undefined");
  if (!scale_.defined() && !lazy_init(outputs.front().device())) return outputs;
  Replicator rep(scale_);
  for (const auto& t : outputs) {
    TORCH_CHECK(t.defined(), "ampify::GradScaler::scale: a tensor is undefined");
    out.push_back(t * rep.get(t.device()));
  }
  return out;
}

std::vector<std::pair<c10::Device, at::Tensor>> GradScaler::unscale_grads(torch::optim::Optimizer& optimizer,
                                                                          const at::Tensor& inv_scale,
                                                                          const at::Tensor& found_inf,
                                                                          bool allow_fp16, bool check_only) {
  at::NoGradGuard no_grad;
  std::vector<Group> groups;
  size_t n_params = 0;
  for (auto& group : optimizer.param_groups()) {
    for (auto& p : group.params()) {
      ++n_params;
      const at::Tensor& g = p.grad();
      if (!g.defined()) continue;
      TORCH_CHECK(!g.is_sparse(), "ampify::GradScaler: sparse gradients are not supported (parameter of shape ",
                  p.sizes(), "); use dense gradients (e.g. Embedding with sparse=false)");
      TORCH_CHECK(at::isFloatingType(g.scalar_type()), "ampify::GradScaler: gradient of dtype ", g.scalar_type(),
                  " cannot be unscaled; only floating-point gradients are supported");
      TORCH_CHECK(allow_fp16 || g.scalar_type() != at::kHalf,
                  "ampify::GradScaler: attempting to unscale FP16 gradients. Keep the model's parameters in "
                  "float32 (autocast casts them to fp16 on the fly); don't convert the model with .to(torch::kHalf)");
      TORCH_CHECK(g.device().type() == scale_.device().type(), "ampify::GradScaler: a gradient is on ", g.device(),
                  " but the loss scale lives on ", scale_.device(),
                  " (scaler.scale() was first called with a tensor on that device); call scaler.scale() on a loss "
                  "that is on the same device type as the parameters");
      group_for(groups, g.device(), g.scalar_type()).tensors.push_back(g);
    }
  }
  TORCH_CHECK(n_params > 0, "ampify::GradScaler: the optimizer has no parameters; construct it with the model's "
                            "parameters (e.g. model->parameters())");
  Replicator per_device_inv_scale(inv_scale);
  Replicator per_device_found_inf(found_inf);
  std::vector<std::pair<c10::Device, at::Tensor>> result;
  for (auto& grp : groups) {
    at::Tensor fi = per_device_found_inf.get(grp.device);
    at::Tensor inv = per_device_inv_scale.get(grp.device);
    // check_only: the gradients stay as they are, and are only read. The max-norm of a tensor is
    // inf or NaN exactly when one of its elements is (the norm propagates NaN), so checking one
    // norm per tensor gives the same found_inf as checking every element, for one read of the
    // gradients instead of the read and write of the unscale kernel (with inv_scale 1, as Python's
    // GradScaler does for fused optimizers).
    std::vector<at::Tensor> checked =
        check_only ? at::_foreach_norm(grp.tensors, std::numeric_limits<double>::infinity()) : grp.tensors;
    if (detail::has_amp_kernels(grp.device.type())) {
      at::_amp_foreach_non_finite_check_and_unscale_(checked, fi, inv);
    } else {
      detail::non_finite_check_and_unscale_reference_(checked, fi, inv);
    }
    bool seen = false;
    for (auto& kv : result)
      if (kv.first == grp.device) seen = true;
    if (!seen) result.emplace_back(grp.device, fi);
  }
  return result;
}

void GradScaler::unscale_(torch::optim::Optimizer& optimizer) {
  if (!enabled_) return;
  check_scale("unscale_");
  OptimizerState& st = state_of(optimizer);
  TORCH_CHECK(st.stage != Stage::UNSCALED,
              "ampify::GradScaler: unscale_() has already been called on this optimizer since the last "
              "update(); call it at most once per optimizer per iteration. ",
              stage_hint);
  TORCH_CHECK(st.stage != Stage::STEPPED,
              "ampify::GradScaler: unscale_() is being called after step() on this optimizer without "
              "update() in between; call scaler.update() at the end of each iteration. ",
              stage_hint);
  // inv_scale = 1/scale computed in double, then rounded to float (on device, no sync).
  at::Tensor inv_scale = scale_.to(at::kDouble).reciprocal().to(at::kFloat);
  at::Tensor found_inf = at::zeros({}, scale_.options().dtype(at::kFloat));
  st.found_inf_per_device = unscale_grads(optimizer, inv_scale, found_inf, /*allow_fp16=*/false, /*check_only=*/false);
  st.stage = Stage::UNSCALED;
}

StepResult::operator bool() const {
  if (!found_inf_.defined()) return stepped_;
  return found_inf_.item<float>() == 0.0f;
}

StepResult GradScaler::step(torch::optim::Optimizer& optimizer, torch::optim::Optimizer::LossClosure closure) {
  if (!enabled_) {
    optimizer.step(std::move(closure));
    return StepResult(true);
  }
  TORCH_CHECK(!closure, "ampify::GradScaler: closures are not supported by step() when the scaler is enabled "
                        "(as in PyTorch); compute the loss before calling step()");
  check_scale("step");
  OptimizerState& st = state_of(optimizer);
  TORCH_CHECK(st.stage != Stage::STEPPED,
              "ampify::GradScaler: step() has already been called on this optimizer since the last update(); "
              "call scaler.update() once at the end of each iteration. ",
              stage_hint);
  std::string why;  // stays empty with fused_step(false): the unfused path was asked for
  const FusedKind kind = options_.fused_step() ? fused_kind(optimizer, why) : FusedKind::NONE;
  if (kind != FusedKind::NONE) {
    fused_step(optimizer, kind, &st);
    return StepResult(st.found_inf_reduced);
  }
  say_fallback_once(why);
  if (st.stage == Stage::READY) unscale_(optimizer);
  TORCH_CHECK(!st.found_inf_per_device.empty(),
              "ampify::GradScaler: no inf checks were recorded for this optimizer: none of its parameters has a "
              "gradient. Run backward on scaler.scale(loss) before step()");
  // The one host sync per step (as Python's _maybe_opt_step).
  at::Tensor found = st.found_inf_per_device.size() == 1
                         ? st.found_inf_per_device.front().second
                         : combine_found_inf(st.found_inf_per_device, st.found_inf_per_device.front().first);
  found = reduce_across_ranks(found);
  st.found_inf = found.item<float>();
  const bool ok = st.found_inf == 0.0f;
  if (ok) {
    steps_to_optimizer(optimizer);
    optimizer.step();
  }
  st.stepped = ok;
  st.stage = Stage::STEPPED;
  return StepResult(ok);
}

void GradScaler::say_fallback_once(const std::string& why) {
  if (trace_path_.empty() || why.empty() || !fallbacks_said_.insert(why).second) return;
  std::cerr << "ampify::GradScaler: step() takes the unfused path (an unscale pass and one host sync per step): "
            << why << "\n";
}

namespace {
// Whether LibTorch has the fused kernel of `kind` for parameters on `device`.
bool fused_kernel_on(c10::DeviceType device, bool built) {
  if (!built) return false;
  if (device == c10::DeviceType::CUDA) return true;
  return device == c10::DeviceType::CPU && AMPIFY_HAS_CPU_FUSED_OPTIMIZERS;
}
}  // namespace

GradScaler::FusedKind GradScaler::fused_kind(const torch::optim::Optimizer& optimizer, std::string& why) const {
  FusedKind kind = FusedKind::NONE;
  bool built = false;
  const char* name = "";
  if (dynamic_cast<const torch::optim::AdamW*>(&optimizer)) {
    kind = FusedKind::ADAMW, built = AMPIFY_HAS_FUSED_ADAMW, name = "at::_fused_adamw_";
  } else if (dynamic_cast<const torch::optim::Adam*>(&optimizer)) {
    kind = FusedKind::ADAM, built = AMPIFY_HAS_FUSED_ADAM, name = "at::_fused_adam_";
  } else if (dynamic_cast<const torch::optim::SGD*>(&optimizer)) {
    kind = FusedKind::SGD, built = AMPIFY_HAS_FUSED_SGD, name = "at::_fused_sgd_";
  } else {
    why = "LibTorch has fused kernels for AdamW, Adam and SGD only, not for this optimizer type";
    return FusedKind::NONE;
  }
  if (!built) {
    std::ostringstream os;
    os << "LibTorch " << TORCH_VERSION_MAJOR << "." << TORCH_VERSION_MINOR << " has no " << name
       << " (AdamW and Adam from 2.1, SGD from 2.2)";
    why = os.str();
    return FusedKind::NONE;
  }
  bool any_grad = false;
  for (const auto& group : optimizer.param_groups()) {
    for (const auto& p : group.params()) {
      const at::Tensor& g = p.grad();
      if (!g.defined()) continue;
      any_grad = true;
      if (!fused_kernel_on(p.device().type(), built)) {
        std::ostringstream os;
        os << name << " has no kernel for parameters on " << p.device() << " in LibTorch " << TORCH_VERSION_MAJOR
           << "." << TORCH_VERSION_MINOR << " (CUDA; CPU from 2.4)";
        why = os.str();
        return FusedKind::NONE;
      }
      const auto dt = p.scalar_type();
      if (g.is_sparse() || g.scalar_type() != dt ||
          !(dt == at::kFloat || dt == at::kDouble || dt == at::kHalf || dt == at::kBFloat16)) {
        why = "a parameter or its gradient is sparse, not floating point, or of another dtype than its gradient";
        return FusedKind::NONE;
      }
      if (kind == FusedKind::SGD) {
        const auto& o = static_cast<const torch::optim::SGDOptions&>(group.options());
        if (o.momentum() != 0.0) {
          auto it = optimizer.state().find(state_key<std::decay_t<decltype(optimizer.state())>::key_type>(p));
          if (it == optimizer.state().end() ||
              !static_cast<const torch::optim::SGDParamState&>(*it->second).momentum_buffer().defined()) {
            // Not a reason to report: LibTorch's SGD creates the buffers (buf = grad) on the first
            // step that is taken, and a fused first step could not tell a skipped one on the host.
            why.clear();
            return FusedKind::NONE;
          }
        }
      }
    }
  }
  if (!any_grad) {
    why.clear();  // step() reports the missing gradients itself
    return FusedKind::NONE;
  }
  return kind;
}

GradScaler::FusedSteps& GradScaler::fused_state(const torch::optim::Optimizer& optimizer) {
  for (auto& f : fused_)
    if (f.optimizer == &optimizer) return f;
  fused_.push_back(FusedSteps{&optimizer, {}, {}});
  FusedSteps& f = fused_.back();
  const size_t k = fused_.size() - 1;
  if (k < loaded_fused_steps_.size()) {
    const at::Tensor& loaded = loaded_fused_steps_[k];
    size_t n_params = 0;
    for (const auto& group : optimizer.param_groups()) n_params += group.params().size();
    TORCH_CHECK(static_cast<size_t>(loaded.numel()) == n_params, "ampify::GradScaler::step: the loaded "
                "checkpoint has fused Adam/AdamW step counts for ", loaded.numel(), " parameters for optimizer #", k,
                " (the order in which Adam/AdamW optimizers were first given to step()), but this optimizer has ",
                n_params, "; resume with the same optimizers, parameters and order");
    const float* v = loaded.data_ptr<float>();
    size_t i = 0;
    for (const auto& group : optimizer.param_groups()) {
      for (const auto& p : group.params()) {
        f.params.push_back(p.unsafeGetTensorImpl());
        f.steps.push_back(std::isnan(v[i]) ? at::Tensor() : at::full({}, v[i], p.options().dtype(at::kFloat)));
        ++i;
      }
    }
  }
  return f;
}

namespace {
// The per-parameter state of LibTorch's Adam and AdamW (same fields, unrelated classes).
template <class ParamState, class Options, class Key>
ParamState& adam_state(torch::optim::Optimizer& optimizer, const at::Tensor& p, const Options& o) {
  Key key = state_key<Key>(p);
  auto it = optimizer.state().find(key);
  if (it == optimizer.state().end()) {
    auto s = std::make_unique<ParamState>();
    s->step(0);
    s->exp_avg(at::zeros_like(p, at::MemoryFormat::Preserve));
    s->exp_avg_sq(at::zeros_like(p, at::MemoryFormat::Preserve));
    if (o.amsgrad()) s->max_exp_avg_sq(at::zeros_like(p, at::MemoryFormat::Preserve));
    it = optimizer.state().emplace(key, std::move(s)).first;
  }
  return static_cast<ParamState&>(*it->second);
}
}  // namespace

void GradScaler::steps_to_optimizer(torch::optim::Optimizer& optimizer) {
  const bool adamw = dynamic_cast<torch::optim::AdamW*>(&optimizer) != nullptr;
  if (!adamw && dynamic_cast<torch::optim::Adam*>(&optimizer) == nullptr) return;
  bool known = false;
  for (const auto& f : fused_) known = known || f.optimizer == &optimizer;
  if (!known && fused_.size() >= loaded_fused_steps_.size()) return;  // never fused, nothing loaded
  using Key = typename std::decay_t<decltype(optimizer.state())>::key_type;
  FusedSteps& fused = fused_state(optimizer);
  size_t i = 0;
  for (auto& group : optimizer.param_groups()) {
    for (auto& p : group.params()) {
      if (i < fused.steps.size() && fused.steps[i].defined() && fused.params[i] == p.unsafeGetTensorImpl()) {
        const auto step = static_cast<int64_t>(fused.steps[i].item<float>());
        if (adamw)
          adam_state<torch::optim::AdamWParamState, torch::optim::AdamWOptions, Key>(
              optimizer, p, static_cast<torch::optim::AdamWOptions&>(group.options())).step(step);
        else
          adam_state<torch::optim::AdamParamState, torch::optim::AdamOptions, Key>(
              optimizer, p, static_cast<torch::optim::AdamOptions&>(group.options())).step(step);
        fused.steps[i] = at::Tensor();  // the optimizer's own count is current again
      }
      ++i;
    }
  }
}

void GradScaler::fused_step(torch::optim::Optimizer& optimizer, FusedKind kind, OptimizerState* st) {
  std::optional<Replicator> rep_found;
  std::optional<Replicator> rep_scale;
  if (st) {
    if (st->stage == Stage::READY) {
      // Check for inf/NaN without unscaling; the fused kernel unscales with grad_scale.
      at::Tensor found_inf = at::zeros({}, scale_.options());
      st->found_inf_per_device = unscale_grads(optimizer, one_, found_inf, /*allow_fp16=*/true, /*check_only=*/true);
      rep_scale.emplace(scale_);
    }
    TORCH_CHECK(!st->found_inf_per_device.empty(),
                "ampify::GradScaler: no inf checks were recorded for this optimizer: none of its parameters has a "
                "gradient. Run backward on scaler.scale(loss) before step()");
    st->found_inf_reduced = reduce_across_ranks(combine_found_inf(st->found_inf_per_device, scale_.device()));
    rep_found.emplace(st->found_inf_reduced);
  }

  at::NoGradGuard no_grad;
  using Key = typename std::decay_t<decltype(optimizer.state())>::key_type;
  FusedSteps* fused = kind == FusedKind::SGD ? nullptr : &fused_state(optimizer);
  size_t index = 0;  // of the parameter in param_groups order, across groups
  for (auto& group : optimizer.param_groups()) {
    struct Lists {
      c10::Device device;
      c10::ScalarType dtype;
      std::vector<at::Tensor> params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, steps, momentum_buffers;
    };
    std::vector<Lists> lists;
    for (auto& p : group.params()) {
      const size_t i = index++;
      if (fused) {
        if (i >= fused->params.size()) {
          fused->params.resize(i + 1, nullptr);
          fused->steps.resize(i + 1);
        }
        if (fused->params[i] != p.unsafeGetTensorImpl()) {  // a new optimizer or a replaced parameter
          fused->params[i] = p.unsafeGetTensorImpl();
          fused->steps[i] = at::Tensor();
        }
      }
      if (!p.grad().defined()) continue;
      Lists* l = nullptr;
      for (auto& x : lists)
        if (x.device == p.device() && x.dtype == p.scalar_type()) l = &x;
      if (l == nullptr) {
        lists.push_back(Lists{p.device(), p.scalar_type(), {}, {}, {}, {}, {}, {}, {}});
        l = &lists.back();
      }
      l->params.push_back(p);
      l->grads.push_back(p.grad());
      if (kind == FusedKind::SGD) {
        const auto& o = static_cast<const torch::optim::SGDOptions&>(group.options());
        if (o.momentum() != 0.0)  // fused_kind() checked that the buffers exist
          l->momentum_buffers.push_back(
              static_cast<torch::optim::SGDParamState&>(*optimizer.state().at(state_key<Key>(p))).momentum_buffer());
        continue;
      }
      // The exact count is the step tensor, on the device. The optimizer's own count is advanced
      // too, without a sync, so that a scaler made later (one per epoch, say) goes on from it
      // instead of from a stale count, which would restart Adam's bias correction; it also counts
      // the steps found_inf skips, until steps_to_optimizer() writes the exact counts back.
      int64_t host_step = 0;
      if (kind == FusedKind::ADAMW) {
        auto& o = static_cast<torch::optim::AdamWOptions&>(group.options());
        auto& s = adam_state<torch::optim::AdamWParamState, torch::optim::AdamWOptions, Key>(optimizer, p, o);
        l->exp_avgs.push_back(s.exp_avg());
        l->exp_avg_sqs.push_back(s.exp_avg_sq());
        if (o.amsgrad()) l->max_exp_avg_sqs.push_back(s.max_exp_avg_sq());
        host_step = s.step();
        s.step(host_step + 1);
      } else {
        auto& o = static_cast<torch::optim::AdamOptions&>(group.options());
        auto& s = adam_state<torch::optim::AdamParamState, torch::optim::AdamOptions, Key>(optimizer, p, o);
        l->exp_avgs.push_back(s.exp_avg());
        l->exp_avg_sqs.push_back(s.exp_avg_sq());
        if (o.amsgrad()) l->max_exp_avg_sqs.push_back(s.max_exp_avg_sq());
        host_step = s.step();
        s.step(host_step + 1);
      }
      at::Tensor& step_t = fused->steps[i];
      if (!step_t.defined()) step_t = at::full({}, static_cast<double>(host_step), p.options().dtype(at::kFloat));
      l->steps.push_back(step_t);
    }
    for (auto& l : lists) {
      std::optional<at::Tensor> gs, fi;
      if (rep_scale) gs = rep_scale->get(l.device);
      if (rep_found) fi = rep_found->get(l.device);
      if (kind == FusedKind::SGD) {
#if AMPIFY_HAS_FUSED_SGD
        const auto& o = static_cast<const torch::optim::SGDOptions&>(group.options());
        at::_fused_sgd_(l.params, l.grads, l.momentum_buffers, o.weight_decay(), o.momentum(), o.lr(), o.dampening(),
                        o.nesterov(), /*maximize=*/false, /*is_first_step=*/false, gs, fi);
#endif
        continue;
      }
      at::_foreach_add_(l.steps, 1);
      if (kind == FusedKind::ADAMW) {
#if AMPIFY_HAS_FUSED_ADAMW
        const auto& o = static_cast<const torch::optim::AdamWOptions&>(group.options());
        at::_fused_adamw_(l.params, l.grads, l.exp_avgs, l.exp_avg_sqs, l.max_exp_avg_sqs, l.steps, o.lr(),
                          std::get<0>(o.betas()), std::get<1>(o.betas()), o.weight_decay(), o.eps(), o.amsgrad(),
                          /*maximize=*/false, gs, fi);
#endif
      } else {
#if AMPIFY_HAS_FUSED_ADAM
        const auto& o = static_cast<const torch::optim::AdamOptions&>(group.options());
        at::_fused_adam_(l.params, l.grads, l.exp_avgs, l.exp_avg_sqs, l.max_exp_avg_sqs, l.steps, o.lr(),
                         std::get<0>(o.betas()), std::get<1>(o.betas()), o.weight_decay(), o.eps(), o.amsgrad(),
                         /*maximize=*/false, gs, fi);
#endif
      }
      if (fi) {
        // A skipped step must not count (as torch.optim's fused Adam does).
        std::vector<at::Tensor> fis(l.steps.size(), *fi);
        at::_foreach_sub_(l.steps, fis);
      }
    }
  }
  if (st) {
    st->stage = Stage::STEPPED;
    st->fused = true;
  }
}

void GradScaler::fused_adamw_step(torch::optim::AdamW& optimizer) {
  std::string why;
  OptimizerState* st = nullptr;
  if (enabled_) {
    check_scale("fused_adamw_step");
    st = &state_of(optimizer);
    TORCH_CHECK(st->stage != Stage::STEPPED,
                "ampify::GradScaler: fused_adamw_step() was already called on this optimizer since the last "
                "update(); call scaler.update() once at the end of each iteration. ",
                stage_hint);
  }
  const FusedKind kind = fused_kind(optimizer, why);
  // `why` is empty when no parameter has a gradient: fused_step() reports that itself.
  TORCH_CHECK(kind == FusedKind::ADAMW || why.empty(),
              "ampify::GradScaler::fused_adamw_step needs LibTorch >= 2.1 (at::_fused_adamw_) and parameters on a "
              "device it has a kernel for: ", why, ". Use scaler.step(optimizer) instead");
  fused_step(optimizer, FusedKind::ADAMW, st);
}

void GradScaler::update() {
  if (!enabled_) return;
  check_scale("update");
  std::vector<std::pair<c10::Device, at::Tensor>> all;
  for (auto& kv : per_optimizer_)
    for (auto& f : kv.second.found_inf_per_device) all.push_back(f);
  TORCH_CHECK(!all.empty(), "ampify::GradScaler: no inf checks were recorded before update(); call "
                            "scaler.step(optimizer) (or scaler.unscale_(optimizer)) before scaler.update(). ",
              stage_hint);
  at::Tensor found_inf = reduce_across_ranks(combine_found_inf(all, scale_.device()));
  const double scale_before = trace_path_.empty() ? 0.0 : get_scale();
  if (detail::has_amp_kernels(scale_.device().type())) {
    at::_amp_update_scale_(scale_, growth_tracker_, found_inf, options_.growth_factor(), options_.backoff_factor(),
                           options_.growth_interval());
  } else {
    detail::update_scale_reference_(scale_, growth_tracker_, found_inf, options_.growth_factor(),
                                    options_.backoff_factor(), options_.growth_interval());
  }
  if (!trace_path_.empty())
    write_trace(scale_before, found_inf);
  per_optimizer_.clear();
}

at::Tensor GradScaler::reduce_across_ranks(at::Tensor found_inf) const {
  if (!options_.found_inf_reducer())
    return found_inf;
  // combine_found_inf may hand back a tensor that an optimizer's state still holds: reduce a copy.
  at::Tensor reduced = found_inf.clone();
  options_.found_inf_reducer()(reduced);
  return reduced;
}

void GradScaler::write_trace(double scale_before, const at::Tensor& found_inf) {
  for (auto& kv : per_optimizer_) {
    OptimizerState& st = kv.second;
    if (!st.fused) continue;  // decided on the device: read it now (the trace syncs anyway)
    st.found_inf = st.found_inf_reduced.item<float>();
    st.stepped = st.found_inf == 0.0f;
  }
  std::ofstream out(trace_path_, std::ios::app);
  out << "{\"scale_before\": " << scale_before << ", \"found_inf\": " << found_inf.item<float>()
      << ", \"scale_after\": " << get_scale() << ", \"optimizers\": [";
  bool first = true;
  for (const auto& kv : per_optimizer_) {
    out << (first ? "" : ", ") << "{\"found_inf\": " << kv.second.found_inf
        << ", \"stepped\": " << (kv.second.stepped ? "true" : "false") << "}";
    first = false;
  }
  out << "]}\n";
}

void GradScaler::update(double new_scale) {
  if (!enabled_) return;
  check_scale("update");
  TORCH_CHECK(std::isfinite(new_scale) && new_scale > 0.0, "ampify::GradScaler::update: new_scale must be finite "
              "and > 0, got ", new_scale);
  scale_.fill_(new_scale);
  per_optimizer_.clear();
}

double GradScaler::get_scale() const {
  if (!enabled_) return 1.0;
  if (!scale_.defined()) return init_scale_;
  return static_cast<double>(scale_.item<float>());
}

int64_t GradScaler::get_growth_tracker() const {
  if (!enabled_) return 0;
  if (!growth_tracker_.defined()) return init_growth_tracker_;
  return growth_tracker_.item<int32_t>();
}

void GradScaler::save(torch::serialize::OutputArchive& archive) const {
  archive.write("ampify_grad_scaler_format", c10::IValue(static_cast<int64_t>(2)));
  archive.write("enabled", c10::IValue(enabled_));
  archive.write("init_scale", c10::IValue(options_.init_scale()));
  archive.write("growth_factor", c10::IValue(options_.growth_factor()));
  archive.write("backoff_factor", c10::IValue(options_.backoff_factor()));
  archive.write("growth_interval", c10::IValue(options_.growth_interval()));
  at::Tensor s = scale_.defined() ? scale_.detach().to(at::kCPU).clone()
                                  : at::full({}, init_scale_, at::TensorOptions().dtype(at::kFloat));
  at::Tensor t = growth_tracker_.defined() ? growth_tracker_.detach().to(at::kCPU).clone()
                                           : at::full({}, init_growth_tracker_, at::TensorOptions().dtype(at::kInt));
  archive.write("scale", s, /*is_buffer=*/true);
  archive.write("growth_tracker", t, /*is_buffer=*/true);
  // fused_adamw_step's step counts: those of the optimizers stepped since the last load, then the
  // loaded ones that no optimizer has claimed yet (the k-th list belongs to the k-th optimizer).
  const size_t n_fused = std::max(fused_.size(), loaded_fused_steps_.size());
  archive.write("fused_adamw_optimizers", c10::IValue(static_cast<int64_t>(n_fused)));
  for (size_t k = 0; k < n_fused; ++k) {
    at::Tensor steps;
    if (k < fused_.size()) {
      const auto& f = fused_[k];
      steps = at::full({static_cast<int64_t>(f.steps.size())}, std::numeric_limits<float>::quiet_NaN(),
                       at::TensorOptions().dtype(at::kFloat));
      float* v = steps.data_ptr<float>();
      for (size_t i = 0; i < f.steps.size(); ++i)
        if (f.steps[i].defined()) v[i] = f.steps[i].item<float>();
    } else {
      steps = loaded_fused_steps_[k];
    }
    archive.write("fused_adamw_steps_" + std::to_string(k), steps, /*is_buffer=*/true);
  }
}

namespace {
const char* load_where = "ampify::GradScaler::load: ";

// Reads `name`, which must hold an IValue of the kind `is` tests (a checkpoint edited or written
// by other code may hold anything): a clear error naming the field, never an internal assert.
c10::IValue read_field(torch::serialize::InputArchive& archive, const std::string& name,
                       bool (c10::IValue::*is)() const, const char* kind) {
  c10::IValue v;
  TORCH_CHECK(archive.try_read(name, v), load_where, "the archive has no field '", name, "'");
  TORCH_CHECK((v.*is)(), load_where, "field '", name, "' must be ", kind, ", got ", v.tagKind());
  return v;
}

at::Tensor read_tensor(torch::serialize::InputArchive& archive, const std::string& name) {
  at::Tensor t;
  TORCH_CHECK(archive.try_read(name, t, /*is_buffer=*/true), load_where, "the archive has no tensor '", name, "'");
  return t;
}
}  // namespace

void GradScaler::load_fused_steps(torch::serialize::InputArchive& archive) {
  std::vector<at::Tensor> loaded;
  c10::IValue v;
  if (archive.try_read("fused_adamw_optimizers", v)) {  // absent in format 1
    TORCH_CHECK(v.isInt() && v.toInt() >= 0 && v.toInt() <= 1000000, load_where,
                "field 'fused_adamw_optimizers' must be a count >= 0");
    for (int64_t k = 0; k < v.toInt(); ++k) {
      const std::string name = "fused_adamw_steps_" + std::to_string(k);
      at::Tensor steps = read_tensor(archive, name);
      TORCH_CHECK(steps.dim() == 1 && steps.scalar_type() == at::kFloat, load_where, "field '", name,
                  "' must be a 1-D float32 tensor of step counts");
      steps = steps.to(at::kCPU).contiguous();
      // NaN marks a parameter never stepped; any other value is a count.
      const float* c = steps.data_ptr<float>();
      for (int64_t i = 0; i < steps.numel(); ++i)
        TORCH_CHECK(std::isnan(c[i]) || (c[i] >= 0.0f && c[i] < 16777216.0f && c[i] == std::floor(c[i])),
                    load_where, "field '", name, "' holds ", c[i], " at ", i,
                    "; a step count must be a whole number in [0, 2^24)");
      loaded.push_back(steps);
    }
  }
  loaded_fused_steps_ = std::move(loaded);
  fused_.clear();
}

void GradScaler::load(torch::serialize::InputArchive& archive) {
  c10::IValue v;
  if (!enabled_) {
    // As Python, a disabled scaler ignores the scale; but the fused path keeps its Adam/AdamW step
    // counts here (where torch.optim keeps them in the optimizer's state), so they resume.
    if (archive.try_read("ampify_grad_scaler_format", v)) load_fused_steps(archive);
    return;
  }
  TORCH_CHECK(archive.try_read("ampify_grad_scaler_format", v), load_where,
              "the archive holds no ampify GradScaler state");
  TORCH_CHECK(v.isInt() && (v.toInt() == 1 || v.toInt() == 2), load_where, "unknown state format ",
              v.isInt() ? std::to_string(v.toInt()) : std::string(v.tagKind()), " (this ampify reads formats 1 and 2)");
  TORCH_CHECK(read_field(archive, "enabled", &c10::IValue::isBool, "a bool").toBool(), load_where,
              "the state was saved from a disabled GradScaler (enabled(false) or AMPIFY_DISABLE=1) and holds no "
              "scale to resume from");
  // Python's load_state_dict takes the options from the checkpoint, whatever this scaler was built with.
  const double init_scale = read_field(archive, "init_scale", &c10::IValue::isDouble, "a double").toDouble();
  const double growth_factor = read_field(archive, "growth_factor", &c10::IValue::isDouble, "a double").toDouble();
  const double backoff_factor = read_field(archive, "backoff_factor", &c10::IValue::isDouble, "a double").toDouble();
  const int64_t growth_interval = read_field(archive, "growth_interval", &c10::IValue::isInt, "an int").toInt();
  check_options(init_scale, growth_factor, backoff_factor, growth_interval, load_where);
  at::Tensor s = read_tensor(archive, "scale"), t = read_tensor(archive, "growth_tracker");
  TORCH_CHECK(s.scalar_type() == at::kFloat && s.numel() == 1, load_where,
              "field 'scale' must be a one-element float32 tensor, got ", s.scalar_type(), " of shape ", s.sizes());
  TORCH_CHECK(t.scalar_type() == at::kInt && t.numel() == 1, load_where,
              "field 'growth_tracker' must be a one-element int32 tensor, got ", t.scalar_type(), " of shape ",
              t.sizes());
  const float scale = s.to(at::kCPU).reshape({}).item<float>();
  const int32_t tracker = t.to(at::kCPU).reshape({}).item<int32_t>();
  TORCH_CHECK(std::isfinite(scale) && scale > 0.0f, load_where, "field 'scale' must be finite and > 0, got ", scale,
              "; a scale of NaN, inf or <= 0 would skip every step");
  TORCH_CHECK(tracker >= 0 && tracker < growth_interval, load_where, "field 'growth_tracker' must be in [0, ",
              "growth_interval=", growth_interval, "), got ", tracker);
  // Everything is valid: only now change this scaler.
  load_fused_steps(archive);
  options_.init_scale(init_scale).growth_factor(growth_factor).backoff_factor(backoff_factor)
      .growth_interval(growth_interval);
  if (scale_.defined()) {
    scale_.fill_(scale);
    growth_tracker_.fill_(tracker);
  } else {
    init_scale_ = static_cast<double>(scale);
    init_growth_tracker_ = tracker;
  }
}

torch::serialize::OutputArchive& operator<<(torch::serialize::OutputArchive& archive, const GradScaler& scaler) {
  scaler.save(archive);
  return archive;
}

torch::serialize::InputArchive& operator>>(torch::serialize::InputArchive& archive, GradScaler& scaler) {
  scaler.load(archive);
  return archive;
}

void save(const GradScaler& scaler, const std::string& path) {
  torch::serialize::OutputArchive archive;
  scaler.save(archive);
  archive.save_to(path);
}

void load(GradScaler& scaler, const std::string& path) {
  torch::serialize::InputArchive archive;
  archive.load_from(path);
  scaler.load(archive);
}

}  // namespace ampify
