// AMPIFY: fix
// A program that never reaches CUDA (no CUDA device, .cuda() or torch::cuda call in the
// translation unit) trains on the CPU: its loops get CPU autocast regions in bf16, and no
// GradScaler (bf16 has fp32's exponent range). The note says so, and how to ask for CUDA.
#include <torch/torch.h>

#include <iostream>

int main() {
  torch::nn::Linear model(4, 2);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-3));
  auto x = torch::randn({16, 4});
  auto y = torch::randn({16, 2});
  for (int epoch = 0; epoch < 5; ++epoch) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x), y);
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (bf16 on the CPU only when run with AMPIFY_CPU_AUTOCAST=1) [ampify-fix]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: autocast on the CPU (bf16, no loss scaling): the program never reaches CUDA (no CUDA device, .cuda() or torch::cuda call, no device parameter in this translation unit); pass --device=cuda to migrate it for CUDA
    opt.step();
    std::cout << loss.item<float>() << '\n';
  }
}
// CHECK-FIXES: {{^}}#include <torch/torch.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <ampify/amp.h>{{$}}
// CHECK-FIXES: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(c10::kCPU).dtype(at::kBFloat16).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x), y);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    loss.backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    //{{$}}
// CHECK-FIXES-NEXT: {{^}}    //{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.step();{{$}}
