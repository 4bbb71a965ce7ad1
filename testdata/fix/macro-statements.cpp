// AMPIFY: fix
// Macro statements in and around the forward pass. A macro that does not compute the loss (a
// check on it, as pytorch/examples' mnist writes `AT_ASSERT(!std::isnan(loss.item<float>()))`)
// does not stop the migration; text that goes before a macro statement goes before its
// invocation. A forward pass computed inside a macro is refused.
#include <torch/torch.h>

#include <cmath>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// The mnist loop: the check on the loss stays where it is, after the region (the text that ends
// the region goes before the macro's invocation).
void mnist_order(Net &model, torch::optim::SGD &optimizer, torch::Device device) {
  for (int i = 0; i < 100; ++i) {
    auto data = torch::randn({8, 4}).to(device), targets = torch::randn({8, 4}).to(device);
    optimizer.zero_grad();
    auto output = model->forward(data);
    auto loss = torch::mse_loss(output, targets);
    TORCH_CHECK(!std::isnan(loss.item<float>()), "the loss is NaN");
    loss.backward();
    optimizer.step();
  }
}
// CHECK-FIXES: {{^}}    optimizer.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(device.type()).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto output = model->forward(data);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(output, targets);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    TORCH_CHECK(!std::isnan(loss.item<float>()), "the loss is NaN");{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.step(optimizer);{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.update();{{$}}

// A macro statement first in the region, and a zero_grad written through a macro after the loss:
// the region opens before the first invocation and ends before the second.
#define CLEAR_GRADS(opt) (opt).zero_grad()

void macro_edges(Net &model, torch::optim::SGD &opt, torch::Tensor x) {
  for (int i = 0; i < 100; ++i) {
    TORCH_CHECK(x.defined(), "no input");
    auto loss = torch::mse_loss(model(x), x);
    CLEAR_GRADS(opt);
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    TORCH_CHECK(x.defined(), "no input");{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x), x);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    CLEAR_GRADS(opt);{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}

// The forward pass itself is written in a macro: not migrated.
#define FORWARD(out, net, input) auto out = (net)(input)

void forward_in_macro(Net &model, torch::optim::SGD &opt, torch::Tensor x) {
  for (int i = 0; i < 100; ++i) {
    opt.zero_grad();
    FORWARD(out, model, x);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: training loop not migrated: the forward pass of this iteration is written inside a macro{{.*}} [ampify-fix]
    auto loss = out.sum();
    loss.backward();
    opt.step();
  }
}
