// AMPIFY: fix
// Two loops of one epoch that step the same optimizer (a training loop, then a second pass over
// the validation set that steps too): both migrate, and share the GradScaler declared before the
// epoch loop, as one scaler serves a whole training in Python.
#include <torch/torch.h>
// CHECK-FIXES: {{^}}#include <torch/torch.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <ampify/amp.h>{{$}}

#include <vector>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void train(Net &model, const std::vector<torch::Tensor> &train_set, const std::vector<torch::Tensor> &val_set,
           int epochs, torch::Device device) {
  torch::optim::Adam optim(model->parameters(), torch::optim::AdamOptions(1e-3));
  for (int epoch = 0; epoch < epochs; ++epoch) {
    for (const auto &x : train_set) {
      auto out = model(x.to(device));
      optim.zero_grad();
      auto loss = torch::mse_loss(out, x.to(device));
      loss.backward();
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: training loop migrated to mixed precision{{.*}} [ampify-fix]
      optim.step();
    }
    for (const auto &x : val_set) {
      auto out = model(x.to(device));
      optim.zero_grad();
      auto loss = torch::mse_loss(out, x.to(device));
      loss.backward();
      // CHECK-MESSAGES: :[[@LINE-1]]:7: note: training loop migrated to mixed precision{{.*}} [ampify-fix]
      optim.step();
    }
  }
}
// CHECK-FIXES: {{^}}  torch::optim::Adam optim(model->parameters(), torch::optim::AdamOptions(1e-3));{{$}}
// CHECK-FIXES-NEXT: {{^}}  ampify::GradScaler scaler(ampify::GradScalerOptions().cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int epoch = 0; epoch < epochs; ++epoch) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (const auto &x : train_set) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      ampify::Autocast autocast(ampify::AutocastOptions(device.type()).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}      auto out = model(x.to(device));{{$}}
// CHECK-FIXES-NEXT: {{^}}      optim.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}      auto loss = torch::mse_loss(out, x.to(device));{{$}}
// CHECK-FIXES-NEXT: {{^}}      autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.scale(loss).backward();{{$}}
// CHECK-FIXES: {{^}}      scaler.step(optim);{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.update();{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (const auto &x : val_set) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      ampify::Autocast autocast(ampify::AutocastOptions(device.type()).cpu_on_request(true));{{$}}
// CHECK-FIXES: {{^}}      scaler.scale(loss).backward();{{$}}
// CHECK-FIXES: {{^}}      scaler.step(optim);{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.update();{{$}}
