// AMPIFY: fix --dtype=bf16 --device=cpu
// bf16: autocast only, no GradScaler; the loss and the steps are left as they are.
// The include goes after the last real torch #include: mentions of <ampify/amp.h> in comments
// (this one) and commented-out directives do not count.
#include <torch/torch.h>
/*
#include <ATen/ATen.h>
*/
// CHECK-FIXES: {{^}}#include <torch/torch.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <ampify/amp.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}/*{{$}}

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void train(Net &model, torch::optim::AdamW &opt) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = model(torch::randn({2, 2})).sum();
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    opt.step();
  }
}
// CHECK-FIXES: {{^}}  for (int i = 0; i < 10; ++i) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(c10::kCPU).dtype(at::kBFloat16).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = model(torch::randn({2, 2})).sum();{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    loss.backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.step();{{$}}

// On the CPU autocast runs binary_cross_entropy in fp32 (it is banned only under CUDA autocast), so
// this loop is migrated.
void probabilities(Net &model, torch::optim::AdamW &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::binary_cross_entropy(torch::sigmoid(model(x)), y);
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(c10::kCPU).dtype(at::kBFloat16).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::binary_cross_entropy(torch::sigmoid(model(x)), y);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
