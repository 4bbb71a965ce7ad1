// ampify runtime benchmark: ~103M-parameter MLP, fp16 Autocast, AdamW, on one CUDA GPU.
//   ampify_runtime_bench OUT.txt   -> writes "mode ms_per_step" lines (read by bench.py)
// Modes: noscale (autocast, no loss scaling, plain AdamW), scaler (GradScaler + plain AdamW: one
// found_inf sync per step), fused (GradScaler + scaler.fused_adamw_step: no host sync),
// fused_noscale (the same fused AdamW kernel with a disabled scaler: no loss scaling), and
// *_const: like noscale/fused_noscale but backward on loss * 65536 (a constant), so the gradients
// have the magnitudes of the scaled runs; the difference to those isolates the scaler's own work.
#include <ampify/amp.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {
constexpr int64_t BATCH = 8192, D = 2048, H = 8192, CLASSES = 1000, BLOCKS = 3;
constexpr int WARMUP = 10, ROUNDS = 5, STEPS = 20;

torch::nn::Sequential make_model() {
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
}  // namespace

int main(int argc, char** argv) {
  const std::string out = argc > 1 ? argv[1] : "bench_cpp.txt";
  torch::Device dev(torch::kCUDA, 0);
  torch::manual_seed(0);
  auto model = make_model();
  model->to(dev);
  int64_t n = 0;
  for (auto& p : model->parameters()) n += p.numel();
  std::printf("bench: model %.1fM parameters, batch %ld, fp16 autocast, AdamW\n", n / 1e6, (long)BATCH);
  torch::Tensor x = torch::randn({BATCH, D}, dev);
  torch::Tensor y = torch::randint(0, CLASSES, {BATCH}, torch::TensorOptions().device(dev).dtype(torch::kLong));
  std::ofstream f(out);
  for (std::string mode : {"noscale", "noscale_const", "scaler", "fused", "fused_noscale", "fused_noscale_const"}) {
    torch::optim::AdamW opt(model->parameters(), torch::optim::AdamWOptions(1e-5));
    ampify::GradScaler scaler(ampify::GradScalerOptions().enabled(mode == "scaler" || mode == "fused"));
    auto step = [&] {
      opt.zero_grad();
      torch::Tensor loss;
      {
        ampify::Autocast autocast(c10::kCUDA);
        loss = torch::nn::functional::cross_entropy(model->forward(x), y);
      }
      const bool cst = mode.size() > 6 && mode.compare(mode.size() - 6, 6, "_const") == 0;
      if (mode.rfind("noscale", 0) == 0) {
        (cst ? loss * 65536.0 : loss).backward();
        opt.step();
      } else if (mode.rfind("fused_noscale", 0) == 0) {
        (cst ? loss * 65536.0 : loss).backward();
        scaler.fused_adamw_step(opt);  // disabled scaler: plain fused AdamW
      } else {
        scaler.scale(loss).backward();
        if (mode == "scaler")
          scaler.step(opt);
        else
          scaler.fused_adamw_step(opt);
        scaler.update();
      }
    };
    for (int i = 0; i < WARMUP; ++i) step();
    torch::cuda::synchronize();
    std::vector<double> ms;
    for (int r = 0; r < ROUNDS; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < STEPS; ++i) step();
      torch::cuda::synchronize();
      auto t1 = std::chrono::steady_clock::now();
      ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count() / STEPS);
    }
    std::sort(ms.begin(), ms.end());
    const double med = ms[ms.size() / 2];
    std::printf("cpp %-19s %.3f ms/step (rounds: min %.3f max %.3f; final scale %.0f)\n", mode.c_str(), med,
                ms.front(), ms.back(), scaler.get_scale());
    f << mode << " " << med << "\n";
  }
  return 0;
}
