// AMPIFY: fix
// A plain loop in main, a loop in a free function with zero_grad on the module and a scheduler
// step, and the program's device reused by autocast.
#include <torch/torch.h>
// CHECK-FIXES: {{^}}#include <torch/torch.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <ampify/amp.h>{{$}}

#include <vector>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void train_epoch(Net &model, torch::optim::SGD &optimizer, torch::optim::StepLR &scheduler,
                 const std::vector<torch::Tensor> &inputs, torch::Device device) {
  for (const auto &x : inputs) {
    model->zero_grad();
    // Forward pass.
    auto out = model(x.to(device));
    auto loss = torch::mse_loss(out, x);
    loss.backward();
    optimizer.step(); // one step per batch
    scheduler.step();
  }
}
// CHECK-FIXES: {{^}}  ampify::GradScaler scaler(ampify::GradScalerOptions().cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (const auto &x : inputs) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    model->zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    // Forward pass.{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(device.type()).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto out = model(x.to(device));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(out, x);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.step(optimizer); // one step per batch{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.update();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scheduler.step();{{$}}

int main() {
  torch::Device device(torch::kCUDA);
  Net model;
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  for (int epoch = 0; epoch < 3; ++epoch) {
    for (int i = 0; i < 100; ++i) {
      auto x = torch::randn({8, 4}).to(device);
      optimizer.zero_grad();
      auto loss = torch::mse_loss(model(x), x);
      loss.backward();
      optimizer.step();
    }
  }
}
// CHECK-FIXES: {{^}}  ampify::GradScaler scaler;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int epoch = 0; epoch < 3; ++epoch) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (int i = 0; i < 100; ++i) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      auto x = torch::randn({8, 4}).to(device);{{$}}
// CHECK-FIXES-NEXT: {{^}}      optimizer.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}      ampify::Autocast autocast(device.type());{{$}}
// CHECK-FIXES-NEXT: {{^}}      auto loss = torch::mse_loss(model(x), x);{{$}}
// CHECK-FIXES-NEXT: {{^}}      autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.step(optimizer);{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.update();{{$}}

// The device is a member of the program's configuration (`model->to(config.device)`).
struct Config {
  torch::Device device = torch::Device(torch::kCPU);
};

void train_configured(Net &model, const Config &config) {
  model->to(config.device);
  torch::optim::Adam optimizer(model->parameters());
  for (int i = 0; i < 100; ++i) {
    optimizer.zero_grad();
    auto loss = model(torch::randn({8, 4})).sum();
    loss.backward();
    optimizer.step();
  }
}
// config.device is the CPU: a bf16 region, and no GradScaler.
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(config.device.type()).dtype(at::kBFloat16).cpu_on_request(true));{{$}}
