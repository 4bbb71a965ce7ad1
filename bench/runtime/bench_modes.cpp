// ampify runtime benchmark, its modes: ~103M-parameter MLP, fp16 Autocast, AdamW, on one CUDA GPU.
// Modes: noscale (autocast, no loss scaling, plain AdamW), scaler (GradScaler + plain AdamW: one
// found_inf sync per step), fused (GradScaler + scaler.fused_adamw_step: no host sync),
// fused_noscale (the same fused AdamW kernel with a disabled scaler: no loss scaling), and
// *_const: like noscale/fused_noscale but backward on loss * 65536 (a constant), so the gradients
// have the magnitudes of the scaled runs; the difference to those isolates the scaler's own work.
// Every mode has its own model (same initial weights), optimizer and scaler.
#include "bench_modes.h"

#include <ampify/amp.h>
#include <torch/csrc/autograd/profiler_kineto.h>
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace {
constexpr int64_t BATCH = 8192, D = 2048, H = 8192, CLASSES = 1000, BLOCKS = 3;
constexpr int WARMUP = 10, PROFILE_STEPS = 3;

torch::nn::Sequential make_model() {
  torch::manual_seed(0);
  torch::nn::Sequential m;
  for (int i = 0; i < BLOCKS; ++i) {
    m->push_back(torch::nn::Linear(D, H));
    m->push_back(torch::nn::GELU());
    m->push_back(torch::nn::Linear(H, D));
    m->push_back(torch::nn::LayerNorm(torch::nn::LayerNormOptions({D})));
  }
  m->push_back(torch::nn::Linear(D, CLASSES));
  return m;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

struct Mode {
  std::string name;
  torch::nn::Sequential model;
  std::unique_ptr<torch::optim::AdamW> opt;
  std::unique_ptr<ampify::GradScaler> scaler;

  Mode(std::string n, const torch::Device& dev) : name(std::move(n)), model(make_model()) {
    model->to(dev);
    opt = std::make_unique<torch::optim::AdamW>(model->parameters(), torch::optim::AdamWOptions(1e-5));
    scaler = std::make_unique<ampify::GradScaler>(
        // "scaler" measures the unfused path (unscale pass, one found_inf read, AdamW::step()).
        ampify::GradScalerOptions().enabled(name == "scaler" || name == "fused").fused_step(false));
  }

  void step(const torch::Tensor& x, const torch::Tensor& y) {
    opt->zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast(c10::kCUDA);
      loss = torch::nn::functional::cross_entropy(model->forward(x), y);
    }
    const bool cst = ends_with(name, "_const");
    if (name.rfind("noscale", 0) == 0) {
      (cst ? loss * 65536.0 : loss).backward();
      opt->step();
    } else if (name.rfind("fused_noscale", 0) == 0) {
      (cst ? loss * 65536.0 : loss).backward();
      scaler->fused_adamw_step(*opt);  // disabled scaler: plain fused AdamW
    } else {
      scaler->scale(loss).backward();
      if (name == "scaler")
        scaler->step(*opt);
      else
        scaler->fused_adamw_step(*opt);
      scaler->update();
    }
  }
};

// Everything a run needs, built once by ampify_bench_setup().
struct Bench {
  std::vector<std::unique_ptr<Mode>> modes;
  torch::Tensor x, y;
};
std::unique_ptr<Bench> bench;

Mode& mode_at(int mode) {
  TORCH_CHECK(bench, "ampify_bench_setup() must be called first");
  TORCH_CHECK(mode >= 0 && mode < static_cast<int>(bench->modes.size()), "no benchmark mode ", mode);
  return *bench->modes[mode];
}
}  // namespace

extern "C" int ampify_bench_setup() {
  TORCH_CHECK(!bench, "ampify_bench_setup() was already called");
  bench = std::make_unique<Bench>();
  torch::Device dev(torch::kCUDA, 0);
  for (const char* name : {"noscale", "noscale_const", "scaler", "fused", "fused_noscale", "fused_noscale_const"})
    bench->modes.push_back(std::make_unique<Mode>(name, dev));
  int64_t n = 0;
  for (auto& p : bench->modes.front()->model->parameters()) n += p.numel();
  std::printf("bench: model %.1fM parameters, batch %ld, fp16 autocast, AdamW\n", n / 1e6, (long)BATCH);
  torch::manual_seed(1);
  bench->x = torch::randn({BATCH, D}, dev);
  bench->y = torch::randint(0, CLASSES, {BATCH}, torch::TensorOptions().device(dev).dtype(torch::kLong));
  double weights = 0;
  for (auto& p : bench->modes.front()->model->parameters()) weights += p.to(torch::kDouble).sum().item<double>();
  std::printf("bench: data checksums x %.6f y %ld weights %.6f\n", bench->x.to(torch::kDouble).sum().item<double>(),
              static_cast<long>(bench->y.sum().item<int64_t>()), weights);
  std::fflush(stdout);
  for (auto& m : bench->modes)
    for (int i = 0; i < WARMUP; ++i) m->step(bench->x, bench->y);
  return static_cast<int>(bench->modes.size());
}

extern "C" const char* ampify_bench_mode_name(int mode) { return mode_at(mode).name.c_str(); }

extern "C" double ampify_bench_run(int mode, int steps) {
  Mode& m = mode_at(mode);
  torch::cuda::synchronize();
  const auto t0 = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; ++s) m.step(bench->x, bench->y);
  torch::cuda::synchronize();
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(t1 - t0).count() / steps;
}

extern "C" double ampify_bench_final_scale(int mode) { return mode_at(mode).scaler->get_scale(); }

extern "C" void ampify_bench_profile(const char* dir) {
  namespace prof = torch::autograd::profiler;
  using torch::profiler::impl::ActivityType;
  const torch::profiler::impl::ProfilerConfig config(torch::profiler::impl::ProfilerState::KINETO);
  const std::set<ActivityType> activities{ActivityType::CPU, ActivityType::CUDA};
  TORCH_CHECK(bench, "ampify_bench_setup() must be called first");
  for (auto& m : bench->modes) {
    torch::cuda::synchronize();
    prof::prepareProfiler(config, activities);
    prof::enableProfiler(config, activities);
    for (int i = 0; i < PROFILE_STEPS; ++i) m->step(bench->x, bench->y);
    torch::cuda::synchronize();
    prof::disableProfiler()->save(std::string(dir) + "/cpp_" + m->name + ".json");
    std::printf("profiled %s\n", m->name.c_str());
  }
}
