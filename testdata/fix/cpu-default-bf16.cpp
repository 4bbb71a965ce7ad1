// AMPIFY: fix --device=cpu
// CPU autocast runs bf16 (ampify::Autocast(c10::kCPU)'s default), which has fp32's exponent
// range: the migration opens the region and adds no GradScaler (issue 16, item 5).
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void train(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = model(torch::randn({2, 2})).sum();
    loss.backward();
    opt.step();
  }
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (bf16 on the CPU only when run with AMPIFY_CPU_AUTOCAST=1) [ampify-fix]
}
// CHECK-FIXES: {{^}}  for (int i = 0; i < 10; ++i) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(c10::kCPU).dtype(at::kBFloat16).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = model(torch::randn({2, 2})).sum();{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    loss.backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.step();{{$}}
