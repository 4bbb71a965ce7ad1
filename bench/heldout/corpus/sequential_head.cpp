// Sequential models: a probability head whose output is fp16 under autocast, and the same code
// under CPU (bf16) autocast where the epsilon is representable.
#include <torch/torch.h>
#include <ampify/amp.h>

using namespace torch::nn;

Sequential make_head() {
  return Sequential(Linear(1024, 512), ReLU(), Dropout(0.1), Linear(512, 256));
}

torch::Tensor gpu_scores(Sequential& head, const torch::Tensor& x) {
  ampify::Autocast autocast;
  auto z = head->forward(x);
  return torch::log(torch::sigmoid(z) + 1e-8); // EXPECT: ampify-fp16-underflow-epsilon
}

torch::Tensor cpu_scores(Sequential& head, const torch::Tensor& x) {
  ampify::Autocast autocast(c10::kCPU);
  auto z = head->forward(x);
  return torch::log(torch::sigmoid(z) + 1e-8);
}

torch::Tensor fp32_scores(Sequential& head, const torch::Tensor& x) {
  auto z = head->forward(x);
  return torch::log(torch::sigmoid(z) + 1e-8);
}
