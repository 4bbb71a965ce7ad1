// AMPIFY: fix --fix-hazards --device=cuda
// After migrating, ampify fix checks the migrated text: hazards the new autocast region exposes
// are reported in the same run, and --fix-hazards applies their fix-its (issue 16, item 6). The
// -1e9 mask becomes -65504.0, finite in fp16, bf16 and fp32 (-inf would make a fully masked row
// NaN after softmax); the epsilon added to an fp16 tensor is computed in fp32 again. The one added
// in place has no fix-it (the tensor keeps its dtype) and stays a warning.
#include <torch/torch.h>

struct AttentionImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor q, torch::Tensor k, torch::Tensor mask) {
    auto scores = torch::matmul(q, k);
    scores = scores.masked_fill(mask, -1e9);
    // CHECK-MESSAGES: :[[@LINE-1]]:39: note: constant -1e+09 overflows fp16 (largest finite value 65504) in `masked_fill` [ampify-fp16-overflow-constant]
    // CHECK-FIXES: {{^}}    scores = scores.masked_fill(mask, -65504.0);{{$}}
    auto norm = scores.abs();
    norm += 1e-8;
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: constant 1e-08 is below fp16's smallest normal value (6.1e-5) and is lost against an fp16 tensor [ampify-fp16-underflow-epsilon]
    // CHECK-FIXES: {{^}}    norm += 1e-8;{{$}}
    return torch::softmax(scores, -1) / (scores.abs() + 1e-8) + norm;
    // CHECK-MESSAGES: :[[@LINE-1]]:57: note: constant 1e-08 is below fp16's smallest normal value (6.1e-5) and is lost against an fp16 tensor [ampify-fp16-underflow-epsilon]
    // CHECK-FIXES: {{^}}    return torch::softmax(scores, -1) / (scores.abs().to(torch::kFloat) + 1e-8) + norm;{{$}}
  }
};
TORCH_MODULE(Attention);

void train(Attention &model, torch::optim::SGD &optimizer, torch::Tensor q, torch::Tensor k, torch::Tensor mask) {
  for (int i = 0; i < 10; ++i) {
    optimizer.zero_grad();
    auto loss = model(q, k, mask).sum();
    loss.backward();
    optimizer.step();
  }
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: training loop migrated to mixed precision
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = model(q, k, mask).sum();{{$}}
