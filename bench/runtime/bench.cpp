// ampify runtime benchmark: ~103M-parameter MLP, fp16 Autocast, AdamW, on one CUDA GPU.
//   ampify_runtime_bench OUT.txt [ROUNDS [STEPS]]  timing; OUT gets "mode ms_round1 ms_round2 ..." lines
//   ampify_runtime_bench --profile DIR             Kineto traces of 3 steps per mode: DIR/cpp_<mode>.json
// Modes: noscale (autocast, no loss scaling, plain AdamW), scaler (GradScaler + plain AdamW: one
// found_inf sync per step), fused (GradScaler + scaler.fused_adamw_step: no host sync),
// fused_noscale (the same fused AdamW kernel with a disabled scaler: no loss scaling), and
// *_const: like noscale/fused_noscale but backward on loss * 65536 (a constant), so the gradients
// have the magnitudes of the scaled runs; the difference to those isolates the scaler's own work.
//
// Every mode has its own model (same initial weights), optimizer and scaler, and the modes take
// turns: each round runs STEPS steps of every mode, starting with a different mode each round. A
// drift of the GPU's clocks or of the allocator over the run then lands on all modes alike, and
// bench.py compares modes round by round.
#include <ampify/amp.h>
#include <torch/csrc/autograd/profiler_kineto.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
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
        ampify::GradScalerOptions().enabled(name == "scaler" || name == "fused"));
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

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void profile(std::vector<std::unique_ptr<Mode>>& modes, const torch::Tensor& x, const torch::Tensor& y,
             const std::string& dir) {
  namespace prof = torch::autograd::profiler;
  using torch::profiler::impl::ActivityType;
  const torch::profiler::impl::ProfilerConfig config(torch::profiler::impl::ProfilerState::KINETO);
  const std::set<ActivityType> activities{ActivityType::CPU, ActivityType::CUDA};
  for (auto& m : modes) {
    torch::cuda::synchronize();
    prof::prepareProfiler(config, activities);
    prof::enableProfiler(config, activities);
    for (int i = 0; i < PROFILE_STEPS; ++i) m->step(x, y);
    torch::cuda::synchronize();
    prof::disableProfiler()->save(dir + "/cpp_" + m->name + ".json");
    std::printf("profiled %s\n", m->name.c_str());
  }
}
}  // namespace

int main(int argc, char** argv) {
  const bool profiling = argc > 2 && std::string(argv[1]) == "--profile";
  const std::string out = argc > 1 ? argv[profiling ? 2 : 1] : "bench_cpp.txt";
  const int rounds = !profiling && argc > 2 ? std::stoi(argv[2]) : 15;
  const int steps = !profiling && argc > 3 ? std::stoi(argv[3]) : 20;
  torch::Device dev(torch::kCUDA, 0);
  std::vector<std::unique_ptr<Mode>> modes;
  for (const char* name : {"noscale", "noscale_const", "scaler", "fused", "fused_noscale", "fused_noscale_const"})
    modes.push_back(std::make_unique<Mode>(name, dev));
  int64_t n = 0;
  for (auto& p : modes.front()->model->parameters()) n += p.numel();
  std::printf("bench: model %.1fM parameters, batch %ld, fp16 autocast, AdamW\n", n / 1e6, (long)BATCH);
  torch::manual_seed(1);
  torch::Tensor x = torch::randn({BATCH, D}, dev);
  torch::Tensor y = torch::randint(0, CLASSES, {BATCH}, torch::TensorOptions().device(dev).dtype(torch::kLong));
  double weights = 0;
  for (auto& p : modes.front()->model->parameters()) weights += p.to(torch::kDouble).sum().item<double>();
  std::printf("bench: data checksums x %.6f y %ld weights %.6f\n", x.to(torch::kDouble).sum().item<double>(),
              static_cast<long>(y.sum().item<int64_t>()), weights);
  for (auto& m : modes)
    for (int i = 0; i < WARMUP; ++i) m->step(x, y);
  if (profiling) {
    profile(modes, x, y, out);
    return 0;
  }
  std::printf("bench: %d rounds x %d steps per mode, modes interleaved\n", rounds, steps);
  std::vector<std::vector<double>> ms(modes.size());
  for (int r = 0; r < rounds; ++r) {
    for (size_t k = 0; k < modes.size(); ++k) {
      const size_t i = (r + k) % modes.size();
      torch::cuda::synchronize();
      const auto t0 = std::chrono::steady_clock::now();
      for (int s = 0; s < steps; ++s) modes[i]->step(x, y);
      torch::cuda::synchronize();
      const auto t1 = std::chrono::steady_clock::now();
      ms[i].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count() / steps);
    }
  }
  std::ofstream f(out);
  for (size_t i = 0; i < modes.size(); ++i) {
    const auto [lo, hi] = std::minmax_element(ms[i].begin(), ms[i].end());
    std::printf("cpp %-19s median %.3f ms/step (rounds: min %.3f max %.3f; final scale %.0f)\n",
                modes[i]->name.c_str(), median(ms[i]), *lo, *hi, modes[i]->scaler->get_scale());
    f << modes[i]->name;
    for (double v : ms[i]) f << " " << v;
    f << "\n";
  }
  return 0;
}
