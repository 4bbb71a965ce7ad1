// AMPIFY: fix --device=cuda
// Gradient accumulation: update() goes inside the step's condition, braced or not; unscale_()
// comes before clipping and before reading gradients.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void accumulate(Net &model, torch::optim::SGD &opt, int steps, int every) {
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({4, 4});
    auto loss = torch::mse_loss(model(x), x) / every;
    loss.backward();
    if ((i + 1) % every == 0) {
      torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
      opt.step();
      opt.zero_grad();
    }
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto x = torch::randn({4, 4});{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x), x) / every;{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if ((i + 1) % every == 0) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.unscale_(opt);{{$}}
// CHECK-FIXES-NEXT: {{^}}      torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.step(opt);{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.update();{{$}}
// CHECK-FIXES-NEXT: {{^}}      opt.zero_grad();{{$}}

double unbraced(Net &model, torch::optim::Adam &opt, int steps) {
  double norm = 0;
  for (int i = 0; i < steps; ++i) {
    if (i % 4 == 0)
      opt.zero_grad();
    auto x = torch::randn({4, 4});
    (torch::mse_loss(model(x), x) / 4).backward();
    norm += 1;
    if (i % 4 == 3)
      opt.step();
    else
      norm = 0;
  }
  return norm;
}
// CHECK-FIXES: {{^}}  ampify::GradScaler scaler;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < steps; ++i) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (i % 4 == 0){{$}}
// CHECK-FIXES-NEXT: {{^}}      opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto x = torch::randn({4, 4});{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x), x) / 4;{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    norm += 1;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (i % 4 == 3){{$}}
// CHECK-FIXES-NEXT: {{^}}      { scaler.step(opt); scaler.update(); }{{$}}
// CHECK-FIXES-NEXT: {{^}}    else{{$}}

// Gradients read on every micro-batch, outside the step's condition: no unscale_ can go there
// (it would unscale accumulating gradients on every micro-batch), so ampify says so.
double logged(Net &model, torch::optim::SGD &opt, int steps) {
  double total = 0;
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({4, 4});
    auto loss = torch::mse_loss(model(x), x);
    loss.backward();
    for (auto &p : model->parameters())
      total += p.grad().sum().item<double>();
    // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: training loop migrated, but this code reads or changes gradients outside the condition of the optimizer step{{.*}} [ampify-fix]
    if (i % 4 == 3) {
      opt.step();
      opt.zero_grad();
    }
  }
  return total;
}
// CHECK-FIXES: {{^}}    scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    for (auto &p : model->parameters()){{$}}
// CHECK-FIXES-NEXT: {{^}}      total += p.grad().sum().item<double>();{{$}}
// CHECK-FIXES-NEXT: {{^}}    //{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (i % 4 == 3) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.step(opt);{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.update();{{$}}
