// Shared by the example training programs: the command line, step timing and the JSON report
// that tests/gpu and bench/gpu read. It is not part of the training loops, so `ampify fix`
// leaves it alone.
#pragma once

#include <torch/torch.h>
// Peak memory comes from the CUDA caching allocator, whose header needs the CUDA toolkit: the
// examples' CMake defines EXAMPLE_WITH_CUDA when it builds against a CUDA LibTorch.
#ifdef EXAMPLE_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#endif
#include <c10/util/Exception.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

// bench/gpu/paired.py loads each program as a shared library (EXAMPLE_LIBRARY) and calls its
// main under this C name, so that C++ and Python rounds alternate in one process.
#ifdef EXAMPLE_LIBRARY
extern "C" int ampify_example_main(int argc, char **argv);
#define main ampify_example_main
#endif

namespace example {

#ifdef EXAMPLE_WITH_CUDA
/// Counts the warnings of CUDA's sync-debug mode ("called a synchronizing CUDA operation").
class SyncCounter : public c10::WarningHandler {
public:
  void process(const c10::Warning &warning) override {
    if (warning.msg().find("synchronizing CUDA operation") != std::string::npos)
      ++count;
    else
      c10::WarningHandler::process(warning);
  }
  int64_t count = 0;
};
#endif

struct Config {
  int steps = 200;
  int warmup = 20;
  std::string json = "report.json";
  torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
};

inline Config parse(int argc, char **argv) {
  Config c;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string key = argv[i];
    if (key == "--steps")
      c.steps = std::atoi(argv[i + 1]);
    else if (key == "--warmup")
      c.warmup = std::atoi(argv[i + 1]);
    else if (key == "--json")
      c.json = argv[i + 1];
    else if (key == "--device")
      c.device = torch::Device(argv[i + 1]);
  }
  return c;
}

/// Records each step's loss on the device (no host sync per step) and times the steps after
/// the warm-up with the device synchronised at both ends. With EXAMPLE_COUNT_SYNCS=1 (CUDA) the
/// steps after the warm-up run under CUDA's sync-debug mode "warn" and the report gives the host
/// syncs per step (the mode slows the steps: such a run is for counting, not timing).
class Report {
public:
  explicit Report(const Config &config) : config_(config) {
    const char *count = std::getenv("EXAMPLE_COUNT_SYNCS");
    count_syncs_ = count && std::string(count) == "1" && config_.device.is_cuda();
  }

  void step(const torch::Tensor &loss) {
    losses_.push_back(loss.detach().to(torch::kFloat).reshape({1}));
    if (int(losses_.size()) == config_.warmup) {
      synchronize();
#ifdef EXAMPLE_WITH_CUDA
      if (config_.device.is_cuda())
        c10::cuda::CUDACachingAllocator::resetPeakStats(device_index());
#endif
      start_ = std::chrono::steady_clock::now();
#ifdef EXAMPLE_WITH_CUDA
      if (count_syncs_) {
        previous_handler_ = c10::WarningUtils::get_warning_handler();
        c10::WarningUtils::set_warning_handler(&sync_counter_);
        c10::cuda::warning_state().set_sync_debug_mode(c10::cuda::SyncDebugMode::L_WARN);
      }
#endif
    }
  }

  void write() {
#ifdef EXAMPLE_WITH_CUDA
    if (count_syncs_ && previous_handler_) {
      c10::cuda::warning_state().set_sync_debug_mode(c10::cuda::SyncDebugMode::L_DISABLED);
      c10::WarningUtils::set_warning_handler(previous_handler_);
    }
#endif
    synchronize();
    auto end = std::chrono::steady_clock::now();
    int timed = int(losses_.size()) - config_.warmup;
    double ms = timed > 0 ? std::chrono::duration<double, std::milli>(end - start_).count() / timed : 0;
    double peak_mib = 0;
#ifdef EXAMPLE_WITH_CUDA
    if (config_.device.is_cuda()) {
      // allocated_bytes[0] is the aggregate over all pools (StatType::AGGREGATE).
      auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(device_index());
      peak_mib = double(stats.allocated_bytes[0].peak) / (1024.0 * 1024.0);
    }
#endif
    auto all = torch::cat(losses_).cpu();
    std::ofstream out(config_.json);
    out << "{\"step_ms\": " << ms << ", \"peak_mib\": " << peak_mib;
#ifdef EXAMPLE_WITH_CUDA
    if (count_syncs_)
      out << ", \"syncs_per_step\": " << (timed > 0 ? double(sync_counter_.count) / timed : 0.0);
#endif
    out << ", \"losses\": [";
    for (int64_t i = 0; i < all.size(0); ++i) {
      float v = all[i].item<float>();
      out << (i ? ", " : "") << (std::isfinite(v) ? std::to_string(v) : std::string("null"));
    }
    out << "]}\n";
    std::cout << config_.json << ": " << ms << " ms/step, peak " << peak_mib << " MiB, final loss "
              << all[all.size(0) - 1].item<float>() << "\n";
  }

private:
  int device_index() const { return config_.device.has_index() ? config_.device.index() : 0; }
  void synchronize() {
    if (config_.device.is_cuda())
      torch::cuda::synchronize();
  }
  Config config_;
  bool count_syncs_ = false;
#ifdef EXAMPLE_WITH_CUDA
  SyncCounter sync_counter_;
  c10::WarningHandler *previous_handler_ = nullptr;
#endif
  std::vector<torch::Tensor> losses_;
  std::chrono::steady_clock::time_point start_;
};

} // namespace example
