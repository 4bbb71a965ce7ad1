// AMPIFY: fix
// Loops written forward, loss, zero_grad, backward, step (the order of the pytorch-cpp
// tutorials): a zero_grad after the loss does not end the forward pass; the autocast region ends
// before it, so zero_grad and what follows it stay outside.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void tutorial_order(Net &model, torch::optim::Adam &optimizer, torch::Device device) {
  torch::Tensor images;
  for (int i = 0; i < 100; ++i) {
    // Forward pass (an outer variable assigned, then locals)
    images = torch::randn({8, 4}).to(device);
    auto output = model(images);
    auto reconstruction = torch::mse_loss(output, images);
    auto penalty = output.pow(2).mean();

    // Backward pass and optimize
    auto loss = reconstruction + penalty;
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
  }
}
// CHECK-FIXES: {{^}}  ampify::GradScaler scaler(ampify::GradScalerOptions().cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 100; ++i) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    // Forward pass (an outer variable assigned, then locals){{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(device.type()).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    images = torch::randn({8, 4}).to(device);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto output = model(images);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto reconstruction = torch::mse_loss(output, images);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto penalty = output.pow(2).mean();{{$}}
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: {{^}}    // Backward pass and optimize{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = reconstruction + penalty;{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    optimizer.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.step(optimizer);{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.update();{{$}}

// A statement after the zero_grad that only reads the loss stays outside the region too.
double logged(Net &model, torch::optim::SGD &opt, int steps) {
  double total = 0;
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({8, 4});
    auto loss = torch::mse_loss(model(x), x);
    model->zero_grad();
    total += loss.item<double>();
    loss.backward();
    opt.step();
  }
  return total;
}
// CHECK-FIXES: {{^}}  for (int i = 0; i < steps; ++i) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto x = torch::randn({8, 4});{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x), x);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    model->zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    total += loss.item<double>();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}

// The loss is computed outside the block of its backward; the zero_grad between them stays
// outside the region.
void guarded(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 100; ++i) {
    auto loss = model(torch::randn({8, 4})).sum();
    opt.zero_grad();
    if (loss.item<double>() < 1e3) {
      loss.backward();
      opt.step();
    }
  }
}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = model(torch::randn({8, 4})).sum();{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (loss.item<double>() < 1e3) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.scale(loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.step(opt);{{$}}
// CHECK-FIXES-NEXT: {{^}}      scaler.update();{{$}}

// zero_grad both before the forward pass and after the loss: the first ends the previous pass,
// the second ends this one's region.
void both(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 100; ++i) {
    opt.zero_grad();
    auto x = torch::randn({8, 4});
    auto loss = torch::mse_loss(model(x), x);
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto x = torch::randn({8, 4});{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x), x);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}

// The forward pass, then zero_grad, then the loss (a U-Net trainer's order): the zero_grad
// stands between two statements that compute the loss, so the region holds all three; the
// forward pass must run under autocast.
void forward_first(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 100; ++i) {
    auto x = torch::randn({8, 4});
    auto out = model(x);
    opt.zero_grad();
    auto loss = torch::mse_loss(out, x);
    loss.backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}void forward_first(Net &model, torch::optim::SGD &opt) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}  ampify::GradScaler scaler;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int i = 0; i < 100; ++i) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto x = torch::randn({8, 4});{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto out = model(x);{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(out, x);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}

// The forward pass and the per-sample losses, then zero_grad, then the loss reduced inside the
// backward statement (a PPO update's order): the region runs from the forward pass to the
// reduction, which the migration moves into a variable.
void reduced_in_backward(Net &model, torch::optim::Adam &actor, torch::optim::Adam &critic) {
  for (int epoch = 0; epoch < 4; ++epoch) {
    auto states = torch::randn({8, 4});
    auto ratios = torch::exp(model(states) - states);
    auto perSample = -(ratios * states);
    actor.zero_grad();
    critic.zero_grad();
    perSample.mean().backward();
    actor.step();
    critic.step();
  }
}
// CHECK-FIXES: {{^}}  for (int epoch = 0; epoch < 4; ++epoch) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto states = torch::randn({8, 4});{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto ratios = torch::exp(model(states) - states);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto perSample = -(ratios * states);{{$}}
// CHECK-FIXES-NEXT: {{^}}    actor.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    critic.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = perSample.mean();{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}

// The batch prepared, then zero_grad, then the whole forward pass inside the backward statement:
// the zero_grad ends the previous pass and the region holds only the loss.
void forward_in_backward(Net &model, torch::optim::SGD &opt) {
  for (int i = 0; i < 100; ++i) {
    auto x = torch::randn({8, 4});
    opt.zero_grad();
    torch::mse_loss(model(x), x).backward();
    opt.step();
  }
}
// CHECK-FIXES: {{^}}    auto x = torch::randn({8, 4});{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::mse_loss(model(x), x);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}
