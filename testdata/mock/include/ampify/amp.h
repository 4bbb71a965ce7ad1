// Mock of the ampify runtime's public header (runtime/include/ampify/amp.h): the declarations
// that `ampify fix` writes and the fix tests use, with the runtime's signatures.
#pragma once
#include <torch/torch.h>

#include <optional>
#include <utility>
#include <vector>

namespace ampify {

struct AutocastOptions {
  AutocastOptions(c10::DeviceType device = c10::kCUDA);
  AutocastOptions &device(c10::DeviceType device);
  AutocastOptions &dtype(std::optional<c10::ScalarType> dtype);
  AutocastOptions &enabled(bool enabled);
  AutocastOptions &cpu_on_request(bool on_request);
};

class Autocast {
public:
  explicit Autocast(c10::DeviceType device = c10::kCUDA);
  Autocast(c10::DeviceType device, c10::ScalarType dtype);
  explicit Autocast(const AutocastOptions &options);
  ~Autocast();
  Autocast(const Autocast &) = delete;
  Autocast &operator=(const Autocast &) = delete;
  void exit();
  void end();
};

class AutocastDisabled : public Autocast {
public:
  explicit AutocastDisabled(c10::DeviceType device = c10::kCUDA);
};

bool autocast_speeds_up(c10::DeviceType device);

/// Runs fn(args...) with autocast off and floating tensor arguments cast to fp32.
template <class F, class... Args>
decltype(auto) run_in_fp32(F &&fn, Args &&...args) {
  return std::forward<F>(fn)(std::forward<Args>(args)...);
}

struct GradScalerOptions {
  GradScalerOptions &init_scale(double value);
  GradScalerOptions &enabled(bool value);
  GradScalerOptions &cpu_on_request(bool on_request);
};

class GradScaler {
public:
  explicit GradScaler(GradScalerOptions options = {});
  at::Tensor scale(const at::Tensor &outputs);
  std::vector<at::Tensor> scale(const std::vector<at::Tensor> &outputs);
  void unscale_(torch::optim::Optimizer &optimizer);
  bool step(torch::optim::Optimizer &optimizer, torch::optim::Optimizer::LossClosure closure = nullptr);
  void update();
};

void to_channels_last(torch::nn::Module &module);

} // namespace ampify
