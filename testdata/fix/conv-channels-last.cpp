// AMPIFY: fix
// A conv net: the migration also converts the model (once, after its to(device)) and its forward
// input to channels_last, the fix-its of ampify-conv-memory-format. conv-no-channels-last.cpp is
// the same loop with --no-channels-last.
#include <torch/torch.h>
// CHECK-FIXES: {{^}}#include <ampify/amp.h>{{$}}

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return head(torch::relu(conv(x))); }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Net);

int main() {
  torch::Device device(torch::kCUDA);
  Net model;
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  for (int step = 0; step < 100; ++step) {
    auto images = torch::randn({8, 3, 32, 32}).to(device);
    auto labels = torch::randint(10, {8}).to(device);
    optimizer.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
    loss.backward();
    optimizer.step();
  }
}
// CHECK-FIXES: {{^}}  model->to(device);{{$}}
// CHECK-FIXES-NEXT: {{^}}  ampify::to_channels_last(*model);{{$}}
// CHECK-FIXES-NEXT: {{^}}  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));{{$}}
// CHECK-FIXES-NEXT: {{^}}  ampify::GradScaler scaler;{{$}}
// CHECK-FIXES: {{^}}    ampify::Autocast autocast(device.type());{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = torch::nn::functional::cross_entropy(model->forward(images.contiguous(torch::MemoryFormat::ChannelsLast)), labels);{{$}}
// CHECK-FIXES-NEXT: {{^}}    autocast.exit();{{$}}
// CHECK-FIXES-NEXT: {{^}}    scaler.scale(loss).backward();{{$}}

// A conv net whose forward another file defines (it may view() an activation, which fails on a
// channels_last tensor): left in NCHW, with a note that says why.
struct SplitNetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(SplitNet);

void split(torch::Device device) {
  SplitNet model;
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  for (int step = 0; step < 100; ++step) {
    auto images = torch::randn({8, 3, 32, 32}).to(device);
    optimizer.zero_grad();
    auto loss = model->forward(images).sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: note: conv net left in the contiguous format (NCHW): `SplitNetImpl::forward` is defined in another file, where ampify cannot check that the model has no .view() of an activation, which fails on channels_last tensors; convert it by hand (ampify::to_channels_last) if it has none
    loss.backward();
    optimizer.step();
  }
}
// CHECK-FIXES: {{^}}void split(torch::Device device) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}  SplitNet model;{{$}}
// CHECK-FIXES-NEXT: {{^}}  model->to(device);{{$}}
// CHECK-FIXES-NEXT: {{^}}  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));{{$}}
// CHECK-FIXES: {{^}}    auto loss = model->forward(images).sum();{{$}}
