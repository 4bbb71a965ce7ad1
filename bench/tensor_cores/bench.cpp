// Times fp16 GEMMs, convolutions and attention at a dimension ampify-tensor-core-alignment flags
// against the padded dimension it suggests, and prints the ratio. CUDA events, warm-up, random
// data, median of interleaved samples (flagged and padded alternate, so clock drift hits both).
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAStream.h>
#include <torch/torch.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace {

constexpr int WarmUp = 10;
constexpr int Samples = 21;

/// Milliseconds per call of `op`, the median over samples of `reps` back-to-back calls.
struct Timing {
  double flagged = 0, padded = 0;
};

double elapsedMs(const std::function<void()> &op, int reps) {
  at::cuda::CUDAEvent start(cudaEventDefault), stop(cudaEventDefault);
  auto stream = c10::cuda::getCurrentCUDAStream();
  start.record(stream);
  for (int i = 0; i < reps; ++i)
    op();
  stop.record(stream);
  stop.synchronize();
  return start.elapsed_time(stop) / reps;
}

Timing compare(const std::function<void()> &flagged, const std::function<void()> &padded) {
  for (int i = 0; i < WarmUp; ++i) {
    flagged();
    padded();
  }
  torch::cuda::synchronize();
  // Enough back-to-back calls that one sample lasts about 2 ms.
  double once = std::max(elapsedMs(flagged, 3), 1e-3);
  int reps = std::clamp(static_cast<int>(2.0 / once), 1, 200);
  std::vector<double> a, b;
  for (int s = 0; s < Samples; ++s) {
    a.push_back(elapsedMs(flagged, reps));
    b.push_back(elapsedMs(padded, reps));
  }
  auto median = [](std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
  };
  return {median(a), median(b)};
}

torch::TensorOptions half() { return torch::TensorOptions().dtype(torch::kHalf).device(torch::kCUDA); }

void row(const std::string &what, const std::string &flaggedShape, const std::string &paddedShape, Timing t,
         double flaggedFlop = 0, double paddedFlop = 0) {
  std::printf("| %-34s | %-22s | %8.3f | %-22s | %8.3f | %5.2fx |", what.c_str(), flaggedShape.c_str(), t.flagged,
              paddedShape.c_str(), t.padded, t.flagged / t.padded);
  if (flaggedFlop > 0)
    std::printf(" %4.0f / %4.0f |", flaggedFlop / t.flagged / 1e9, paddedFlop / t.padded / 1e9);
  else
    std::printf("     -     |");
  std::printf("\n");
  std::fflush(stdout);
}

/// y = x W^T with x of M x K and W of N x K (torch::nn::Linear's forward GEMM).
void linear(const std::string &what, int64_t m, int64_t k, int64_t n, int64_t m2, int64_t k2, int64_t n2) {
  auto x1 = torch::randn({m, k}, half()), w1 = torch::randn({n, k}, half());
  auto x2 = torch::randn({m2, k2}, half()), w2 = torch::randn({n2, k2}, half());
  Timing t = compare([&] { torch::nn::functional::linear(x1, w1); }, [&] { torch::nn::functional::linear(x2, w2); });
  auto shape = [](int64_t m, int64_t k, int64_t n) {
    return "M" + std::to_string(m) + " K" + std::to_string(k) + " N" + std::to_string(n);
  };
  row(what, shape(m, k, n), shape(m2, k2, n2), t, 2.0 * m * k * n, 2.0 * m2 * k2 * n2);
}

/// Forward and backward of a Linear layer (three GEMMs: y, dx, dW).
void linearTraining(const std::string &what, int64_t m, int64_t k, int64_t n, int64_t k2, int64_t n2) {
  auto make = [&](int64_t k, int64_t n) {
    auto x = torch::randn({m, k}, half()).requires_grad_(true);
    auto w = torch::randn({n, k}, half()).requires_grad_(true);
    auto g = torch::randn({m, n}, half());
    return std::function<void()>([x, w, g] { torch::nn::functional::linear(x, w).backward(g); });
  };
  Timing t = compare(make(k, n), make(k2, n2));
  auto shape = [&](int64_t k, int64_t n) { return "M" + std::to_string(m) + " K" + std::to_string(k) + " N" + std::to_string(n); };
  row(what, shape(k, n), shape(k2, n2), t, 6.0 * m * k * n, 6.0 * m * k2 * n2);
}

/// Channels-last fp16 convolution, batch 64.
void conv(const std::string &what, int64_t cin, int64_t cout, int64_t cin2, int64_t cout2, int64_t hw, int64_t kernel,
          int64_t stride) {
  auto make = [&](int64_t ci, int64_t co) {
    auto x = torch::randn({64, ci, hw, hw}, half()).contiguous(torch::MemoryFormat::ChannelsLast);
    auto w = torch::randn({co, ci, kernel, kernel}, half()).contiguous(torch::MemoryFormat::ChannelsLast);
    return std::function<void()>([x, w, kernel, stride] {
      torch::conv2d(x, w, {}, stride, kernel / 2);
    });
  };
  Timing t = compare(make(cin, cout), make(cin2, cout2));
  auto shape = [&](int64_t ci, int64_t co) {
    return std::to_string(ci) + "->" + std::to_string(co) + " " + std::to_string(kernel) + "x" + std::to_string(kernel) +
           " @" + std::to_string(hw);
  };
  row(what, shape(cin, cout), shape(cin2, cout2), t);
}

/// Scaled dot-product attention, batch 8, 16 heads, 2048 tokens, head dim d.
void attention(const std::string &what, int64_t d, int64_t d2) {
  auto make = [&](int64_t d) {
    auto q = torch::randn({8, 16, 2048, d}, half()), k = torch::randn({8, 16, 2048, d}, half()),
         v = torch::randn({8, 16, 2048, d}, half());
    return std::function<void()>([q, k, v] { at::scaled_dot_product_attention(q, k, v); });
  };
  Timing t = compare(make(d), make(d2));
  row(what, "head dim " + std::to_string(d), "head dim " + std::to_string(d2), t);
}

} // namespace

int main() {
  torch::NoGradGuard noGrad;
  torch::manual_seed(0);
  std::printf("# %s, fp16, LibTorch C++; ms per call (median of %d samples after %d warm-ups)\n",
              at::cuda::getCurrentDeviceProperties()->name, Samples, WarmUp);
  std::printf("| case | flagged | ms | padded | ms | ratio | TFLOP/s flagged / padded |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- |\n");
  linear("Linear out_features 4095 vs 4096", 8192, 4096, 4095, 8192, 4096, 4096);
  linear("Linear in_features 4095 vs 4096", 8192, 4095, 4096, 8192, 4096, 4096);
  linear("vocab projection 50257 vs 50264", 8192, 768, 50257, 8192, 768, 50264);
  linear("batch (M) 8191 vs 8192", 8191, 4096, 4096, 8192, 4096, 4096);
  linear("Linear 1004 vs 1000 (x4 only)", 8192, 1004, 1004, 8192, 1000, 1000);
  linear("small N 100 vs 104", 8192, 4096, 100, 8192, 4096, 104);
  linear("small N 50 vs 56", 8192, 4096, 50, 8192, 4096, 56);
  linear("small N 10 vs 16", 8192, 4096, 10, 8192, 4096, 16);
  linear("small K 50 vs 56", 8192, 50, 4096, 8192, 56, 4096);
  linear("small K 10 vs 16", 8192, 10, 4096, 8192, 16, 4096);
  conv("conv out_channels 100 vs 104", 64, 100, 64, 104, 56, 3, 1);
  conv("conv in_channels 100 vs 104", 100, 128, 104, 128, 56, 3, 1);
  conv("stem conv in_channels 3 vs 8", 3, 64, 8, 64, 224, 7, 2);
  attention("attention head dim 60 vs 64", 60, 64);
  attention("attention head dim 100 vs 104", 100, 104);
  {
    torch::AutoGradMode enable(true);
    linearTraining("fwd+bwd Linear 4095 vs 4096", 8192, 4096, 4095, 4096, 4096);
    linearTraining("fwd+bwd vocab 50257 vs 50264", 8192, 768, 50257, 768, 50264);
  }
  return 0;
}
