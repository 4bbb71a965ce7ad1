#pragma once

#include <torch/torch.h>

#include <utility>
#include <vector>

// Options of the generic N-BEATS network, in LibTorch's builder style.
struct NBeatsOptions {
  NBeatsOptions(int64_t backcast_length, int64_t forecast_length)
      : backcast_length_(backcast_length), forecast_length_(forecast_length) {}

  TORCH_ARG(int64_t, backcast_length);
  TORCH_ARG(int64_t, forecast_length);
  TORCH_ARG(int64_t, data_size) = 1;
  TORCH_ARG(int64_t, units) = 60;
  TORCH_ARG(int64_t, thetas_dim) = 8;
  TORCH_ARG(int64_t, num_blocks) = 3;
};

// One generic block: a 4-layer MLP, then linear backcast and forecast expansions.
class GenericBlockImpl : public torch::nn::Module {
 public:
  explicit GenericBlockImpl(const NBeatsOptions& options);
  // x: [B, backcast, data_size] -> {backcast [B, backcast, data_size], forecast [B, forecast, data_size]}
  std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor x);
  std::vector<torch::Tensor> forecast_parameters() const;

 private:
  NBeatsOptions options_;
  torch::nn::Linear fc1_{nullptr};
  torch::nn::Linear fc2_{nullptr};
  torch::nn::Linear fc3_{nullptr};
  torch::nn::Linear fc4_{nullptr};
  torch::nn::Linear theta_b_fc_{nullptr};
  torch::nn::Linear theta_f_fc_{nullptr};
  torch::nn::Linear backcast_fc_{nullptr};
  torch::nn::Linear forecast_fc_{nullptr};
};
TORCH_MODULE(GenericBlock);

class NBeatsImpl : public torch::nn::Module {
 public:
  explicit NBeatsImpl(const NBeatsOptions& options);
  torch::Tensor forward(torch::Tensor x);  // [B, backcast, C] -> [B, forecast, C]
  // Parameters of the forecast branch of every block (fine-tuned on their own).
  std::vector<torch::Tensor> forecast_parameters() const;

 private:
  NBeatsOptions options_;
  std::vector<GenericBlock> blocks_;
};
TORCH_MODULE(NBeats);
