// AMPIFY: fix --device=cuda
// break and goto out of the loop inside the forward pass: the Autocast object ends its region
// when it goes out of scope, whichever way control leaves. A check of the loss after it (with a
// continue) is no part of the forward pass and stays after the region, in fp32.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

int train(Net &model, torch::optim::Adam &opt) {
  for (int i = 0; i < 100; ++i) {
    auto out = model(torch::randn({2, 2}));
    if (out.sum().item<double>() > 1e6)
      goto diverged;
    if (i == 99)
      break;
    auto loss = out.sum();
    if (loss.item<double>() < 0.01)
      continue;
    loss.backward();
    opt.step();
    opt.zero_grad();
  }
  return 0;
diverged:
  return 1;
}
// CHECK-FIXES: {{^}}  ampify::GradScaler scaler;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 100; ++i) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto out = model(torch::randn({2, 2}));{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (out.sum().item<double>() > 1e6){{$}}
// CHECK-FIXES-NEXT: {{^}}      goto diverged;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (i == 99){{$}}
// CHECK-FIXES-NEXT: {{^}}      break;{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = out.sum();{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (loss.item<double>() < 0.01){{$}}
// CHECK-FIXES-NEXT: {{^}}      continue;{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.step(opt);{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.update();{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.zero_grad();{{$}}

// The backward in both branches of an if (the graph kept for all but the last epoch): one region
// before the if, for both passes.
void train_epochs(Net &model, torch::optim::Adam &opt, int epochs) {
  for (int i = 0; i < epochs; ++i) {
    auto loss = model(torch::randn({2, 2})).sum();
    opt.zero_grad();
    if (i != epochs - 1) {
      loss.backward({}, true);
    } else {
      loss.backward({}, false);
    }
    opt.step();
  }
}
// CHECK-FIXES: {{^}}  for (int i = 0; i < epochs; ++i) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = model(torch::randn({2, 2})).sum();{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (i != epochs - 1) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.scale(loss).backward({}, true);{{$}}
// CHECK-FIXES-NEXT: {{^}}    } else {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.scale(loss).backward({}, false);{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.step(opt);{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.update();{{$}}
