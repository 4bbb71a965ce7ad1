// AMPIFY: fix --dtype=fp16
// fp16 asked for (--dtype=fp16) on a device the program decides at run time is written as asked:
// fp16 with a GradScaler on CUDA and on the CPU alike, without cpu_on_request, and the message
// says fp16 only.
#include <torch/torch.h>

void train(torch::nn::Linear &model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  model->to(device);
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x.to(device)), y.to(device));
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: training loop migrated to mixed precision: forward pass under ampify::Autocast (fp16), loss scaled by ampify::GradScaler [ampify-fix]
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(device.type()).dtype(at::kHalf));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x.to(device)), y.to(device));{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
