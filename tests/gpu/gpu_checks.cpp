// GPU checks of the ampify runtime (run by tests/gpu/run_runtime_gpu.sh):
//   ampify_gpu_checks parity DIR   C++ side of the parity run with torch.amp.GradScaler (see parity.py)
//   ampify_gpu_checks train        a small model trains under fp16 Autocast + GradScaler (loss must fall 10x)
#include <ampify/amp.h>
#include <torch/torch.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr int64_t STEPS = 60, BATCH = 256, DIN = 64, HID = 256, DOUT = 10;
const std::vector<int> INF_STEPS = {5, 6, 17, 40};

template <class T>
std::vector<T> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) throw std::runtime_error("cannot open " + path);
  const auto n = static_cast<size_t>(f.tellg());
  std::vector<T> v(n / sizeof(T));
  f.seekg(0);
  f.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(n));
  return v;
}

template <class T>
void write_file(const std::string& path, const std::vector<T>& v) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(T)));
}

int parity(const std::string& dir) {
  torch::Device dev(torch::kCUDA, 0);
  torch::nn::Sequential m(torch::nn::Linear(DIN, HID), torch::nn::ReLU(), torch::nn::Linear(HID, HID),
                          torch::nn::ReLU(), torch::nn::Linear(HID, DOUT));
  m->to(dev);
  auto init = read_file<float>(dir + "/init.bin");
  size_t off = 0;
  {
    torch::NoGradGuard ng;
    for (auto& p : m->parameters()) {
      auto n = static_cast<size_t>(p.numel());
      p.copy_(torch::from_blob(init.data() + off, p.sizes(), torch::kFloat).to(dev));
      off += n;
    }
  }
  if (off != init.size()) throw std::runtime_error("init.bin size mismatch");
  auto xv = read_file<float>(dir + "/x.bin");
  auto yv = read_file<int64_t>(dir + "/y.bin");
  torch::Tensor xs = torch::from_blob(xv.data(), {STEPS, BATCH, DIN}, torch::kFloat).to(dev);
  torch::Tensor ys = torch::from_blob(yv.data(), {STEPS, BATCH}, torch::kLong).to(dev);

  torch::optim::SGD opt(m->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
  // The unfused path: Python's default SGD (foreach) gives the same bits only against it; the
  // fused path is compared with the unfused one in the gtests (Cuda.FusedStepMatchesUnfused*).
  ampify::GradScaler scaler(ampify::GradScalerOptions().init_scale(65536.0).growth_interval(4).fused_step(false));
  std::vector<double> scales;
  std::vector<int64_t> stepped;
  auto* lin2 = m[2]->as<torch::nn::Linear>();
  for (int64_t i = 0; i < STEPS; ++i) {
    opt.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast(c10::kCUDA);
      loss = torch::nn::functional::cross_entropy(m->forward(xs[i]), ys[i]);
    }
    scaler.scale(loss).backward();
    if (std::find(INF_STEPS.begin(), INF_STEPS.end(), i) != INF_STEPS.end()) {
      torch::NoGradGuard ng;
      lin2->weight.mutable_grad()[3][7] = std::numeric_limits<float>::infinity();
    }
    stepped.push_back(scaler.step(opt) ? 1 : 0);
    scaler.update();
    scales.push_back(scaler.get_scale());
  }
  std::vector<float> params;
  for (auto& p : m->parameters()) {
    torch::Tensor c = p.detach().to(torch::kCPU).contiguous();
    params.insert(params.end(), c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
  }
  write_file(dir + "/cpp_scales.bin", scales);
  write_file(dir + "/cpp_stepped.bin", stepped);
  write_file(dir + "/cpp_params.bin", params);
  int skipped = 0;
  for (auto s : stepped) skipped += s == 0;
  std::cout << "c++: " << STEPS << " steps, skipped " << skipped << ", final scale " << scales.back() << "\n";
  return 0;
}

int train() {
  torch::Device dev(torch::kCUDA, 0);
  torch::manual_seed(0);
  // Teacher-student regression: a fixed random 2-layer net generates targets.
  torch::nn::Sequential teacher(torch::nn::Linear(128, 256), torch::nn::Tanh(), torch::nn::Linear(256, 16));
  torch::nn::Sequential student(torch::nn::Linear(128, 512), torch::nn::GELU(), torch::nn::Linear(512, 512),
                                torch::nn::GELU(), torch::nn::Linear(512, 16));
  teacher->to(dev);
  student->to(dev);
  torch::optim::AdamW opt(student->parameters(), torch::optim::AdamWOptions(1e-3).weight_decay(0.0));
  ampify::GradScaler scaler;
  auto eval_loss = [&] {
    torch::NoGradGuard ng;
    torch::manual_seed(12345);
    torch::Tensor x = torch::randn({4096, 128}, dev);
    return torch::mse_loss(student->forward(x), teacher->forward(x)).item<double>();
  };
  const double first = eval_loss();
  int skipped = 0;
  const int steps = 600;
  for (int i = 0; i < steps; ++i) {
    torch::Tensor x = torch::randn({512, 128}, dev);
    torch::Tensor y;
    {
      torch::NoGradGuard ng;
      y = teacher->forward(x);
    }
    opt.zero_grad();
    ampify::Autocast autocast(c10::kCUDA);
    torch::Tensor loss = torch::mse_loss(student->forward(x), y);
    autocast.exit();
    scaler.scale(loss).backward();
    skipped += scaler.step(opt) ? 0 : 1;
    scaler.update();
  }
  const double last = eval_loss();
  const double factor = first / last;
  std::printf("train: fp16 autocast + GradScaler + AdamW, %d steps: eval loss %.5f -> %.5f (fell %.1fx), %d skipped, "
              "final scale %.0f\n", steps, first, last, factor, skipped, scaler.get_scale());
  const bool ok = factor >= 10.0;
  std::printf("TRAIN %s (needs loss to fall >= 10x)\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (!torch::cuda::is_available()) {
      std::cerr << "CUDA not available\n";
      return 2;
    }
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "parity" && argc > 2) return parity(argv[2]);
    if (mode == "train") return train();
    std::cerr << "usage: ampify_gpu_checks parity DIR | train\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
