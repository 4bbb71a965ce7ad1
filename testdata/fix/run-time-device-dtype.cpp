// AMPIFY: fix --dtype=bf16
// A device the program decides at run time with --dtype=bf16: a bf16 region that keeps the device
// expression, no GradScaler, and is on on the CPU only when run with AMPIFY_CPU_AUTOCAST=1 (CPU
// autocast moves rounding-sensitive programs; docs/fix.md). The message says so.
#include <torch/torch.h>

void train(torch::nn::Linear &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  model->to(device);
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x.to(device)), y.to(device));
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (bf16; on the CPU only when run with AMPIFY_CPU_AUTOCAST=1) [ampify-fix]
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(device.type()).dtype(at::kBFloat16).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x.to(device)), y.to(device));{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    loss.backward();{{$}}
