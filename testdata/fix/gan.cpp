// AMPIFY: fix --device=cuda
// Two optimizers in one loop (a GAN): one scaler, update() once after the last step. The
// optimizers are held by unique_ptr and shared_ptr.
#include <torch/torch.h>

#include <memory>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void train(Net &gen, Net &disc, int steps) {
  auto gen_opt = std::make_unique<torch::optim::Adam>(gen->parameters());
  std::shared_ptr<torch::optim::Optimizer> disc_opt =
      std::make_shared<torch::optim::Adam>(disc->parameters());
  torch::optim::Optimizer *raw = gen_opt.get();
  for (int step = 0; step < steps; ++step) {
    auto real = torch::randn({16, 8});
    disc_opt->zero_grad();
    auto fake = gen(torch::randn({16, 8}));
    auto d_loss = torch::mse_loss(disc(real), real) + torch::mse_loss(disc(fake.detach()), fake);
    d_loss.backward();
    disc_opt->step();

    gen_opt->zero_grad();
    auto g_loss = torch::mse_loss(disc(fake), real);
    g_loss.backward();
    raw->step();
  }
}
// CHECK-FIXES: {{^}}  ampify::GradScaler scaler;{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int step = 0; step < steps; ++step) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto real = torch::randn({16, 8});{{$}}
// CHECK-FIXES-NEXT: {{^}}    disc_opt->zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto fake = gen(torch::randn({16, 8}));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto d_loss = torch::mse_loss(disc(real), real) + torch::mse_loss(disc(fake.detach()), fake);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(d_loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.step(*disc_opt);{{$}}
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: {{^}}    gen_opt->zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast2(c10::kCUDA);{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto g_loss = torch::mse_loss(disc(fake), real);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast2.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(g_loss).backward();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.step(*raw);{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.update();{{$}}
