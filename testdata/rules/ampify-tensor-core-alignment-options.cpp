// AMPIFY: check --checks=-*,ampify-tensor-core-alignment --check-option=ampify-tensor-core-alignment.CheckBatchDim=1 --check-option=ampify-tensor-core-alignment.TensorCoreMultiple=16 --check-option=ampify-tensor-core-alignment.MinDim=1 --check-option=ampify-tensor-core-alignment.FlagImageChannels=1
// AMPIFY-TIERS: mock
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::nn::Linear aligned16{512, 1024};
  torch::nn::Linear aligned8{512, 1000};
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: out_features = 1000 of Linear `aligned8` is not a multiple of 16: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 1008 [ampify-tensor-core-alignment]
  torch::nn::Linear classes{512, 10};
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: out_features = 10 of Linear `classes` is not a multiple of 16: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 16 [ampify-tensor-core-alignment]
  torch::nn::Linear regression{512, 1};
  torch::nn::Conv2d rgb{3, 64, 7};
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: in_channels = 3 of Conv2d `rgb` is not a multiple of 16: it is K of the convolution's implicit GEMM, which runs on slower kernels when misaligned; consider 16 [ampify-tensor-core-alignment]
};

void batches() {
  auto loader_options = torch::data::DataLoaderOptions().batch_size(100);
  // CHECK-MESSAGES: :[[@LINE-1]]:69: warning: batch_size = 100 of DataLoader `loader_options` is not a multiple of 16: it is M of every GEMM of the training step, which runs on slower kernels when misaligned; consider 112 (the batch dimension costs little on recent GPUs: see the rule's documentation) [ampify-tensor-core-alignment]
  auto sized = torch::data::DataLoaderOptions(64);
  auto product = torch::mm(torch::randn({100, 512}), torch::randn({512, 512}));
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: M = 100 of the first operand of `at::mm` is not a multiple of 16: it is a row (batch) dimension, which runs on slower kernels when misaligned; consider 112 (the batch dimension costs little on recent GPUs: see the rule's documentation) [ampify-tensor-core-alignment]
}
