// fp16 hazards that hold only for what a caller in another TU passes, or only because a function
// that another TU runs under autocast calls a third TU's function (tests/scale_test.py,
// CrossUnitArguments). main.cpp's training loop, which `ampify fix` puts under CUDA autocast,
// passes the model's fp16 output (net.cpp) and a Linear output of its own to the losses of
// losses.cpp; NetImpl::forward calls attention.cpp's functions. Each expected finding has a
// CROSS-EXPECT comment on its line, followed by text of its message; every other line must give
// none.
#pragma once
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(torch::Tensor x, torch::Tensor mask);
  torch::nn::Linear fc{nullptr};
  torch::nn::Linear out{nullptr};
};
TORCH_MODULE(Net);

// losses.cpp: main.cpp passes them fp16 tensors under autocast.
torch::Tensor log_loss(const torch::Tensor &scores, const torch::Tensor &target);
torch::Tensor margin_loss(torch::Tensor logits, torch::Tensor target);
// losses.cpp: main.cpp passes it only fp32 tensors (an explicit .to(torch::kFloat)).
torch::Tensor calibration_loss(torch::Tensor logits, torch::Tensor target);
// losses.cpp: main.cpp passes box_loss fp16 tensors under autocast, quiet_box_loss fp32 ones; each
// computes through a helper of its own file.
torch::Tensor box_loss(const torch::Tensor &offsets, const torch::Tensor &target);
torch::Tensor quiet_box_loss(const torch::Tensor &offsets, const torch::Tensor &target);
// losses.cpp: main.cpp passes penalty_loss what select_columns returns for the model's fp16
// result, and quiet_penalty_loss what it returns for an fp32 tensor.
torch::Tensor select_columns(const torch::Tensor &scores);
torch::Tensor penalty_loss(const torch::Tensor &columns, const torch::Tensor &target);
torch::Tensor quiet_penalty_loss(const torch::Tensor &columns, const torch::Tensor &target);
// losses.cpp: main.cpp passes detection_loss a vector of fp16 tensors under autocast,
// quiet_detection_loss a vector of fp32 ones.
torch::Tensor detection_loss(const std::vector<torch::Tensor> &predictions, const torch::Tensor &target);
torch::Tensor quiet_detection_loss(const std::vector<torch::Tensor> &predictions, const torch::Tensor &target);
// losses.cpp: main.cpp calls it only outside autocast.
torch::Tensor report_loss(torch::Tensor logits, torch::Tensor target);

// attention.cpp: called only by NetImpl::forward (net.cpp), which main.cpp runs under autocast.
torch::Tensor attend(torch::Tensor h, torch::Tensor mask);
torch::Tensor mask_scores(torch::Tensor scores, torch::Tensor mask);
// attention.cpp: called by no one under autocast.
torch::Tensor attend_alone(torch::Tensor h, torch::Tensor mask);
