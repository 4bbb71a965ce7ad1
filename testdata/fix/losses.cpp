// AMPIFY: fix --device=cuda
// Two losses (two backward passes, retain_graph), torch::autograd::backward with a list, a loss
// computed inside the backward statement, and one a helper computes into an out parameter.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void two_losses(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto out = model(torch::randn({2, 2}));
    auto first = out.sum();
    auto second = out.mean();
    first.backward({}, /*retain_graph=*/true);
    second.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto out = model(torch::randn({2, 2}));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto first = out.sum();{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto second = out.mean();{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(first).backward({}, /*retain_graph=*/true);{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(second).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.step(opt);{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.update();{{$}}

void autograd_list(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto out = model(torch::randn({2, 2}));
    auto a = out.sum();
    auto b = out.mean();
    torch::autograd::backward({a, b});
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    torch::autograd::backward(scaler.scale(torch::autograd::variable_list{a, b}));{{$}}

void inline_loss(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    torch::mse_loss(model(torch::randn({2, 2})), torch::zeros({2, 2})).backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(torch::randn({2, 2})), torch::zeros({2, 2}));{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}

// A helper that computes the loss into its non-const reference parameter computes the loss: the
// region holds its call; what follows it up to the backward (a metric) stays after the region.
void compute_loss(Net &model, torch::Tensor &loss) { loss = model(torch::randn({2, 2})).sum(); }
void count_step(int &steps) { ++steps; }

void out_parameter(Net &model, torch::optim::SGD &opt) {
  int steps = 0;
  for (int i = 0; i < 10; ++i) {
    torch::Tensor loss;
    compute_loss(model, loss);
    count_step(steps);
    loss.backward();
    opt.step();
    opt.zero_grad();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    torch::Tensor loss;{{$}}
// CHECK-FIXES-NEXT: {{^}}    compute_loss(model, loss);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    count_step(steps);{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}
