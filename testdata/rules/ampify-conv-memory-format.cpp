// AMPIFY: check --checks=-*,ampify-conv-memory-format
#include <torch/torch.h>
#include <ampify/amp.h>

struct NetImpl : torch::nn::Module {
  NetImpl() {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 64, 3)));
    head = register_module("head", torch::nn::Linear(64, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return head(torch::relu(conv(x))); }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Net);

// A module whose conv is one level down, in a submodule field.
struct TrunkImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return net(x); }
  Net net;
};
TORCH_MODULE(Trunk);

void train(torch::Device device, torch::Tensor images, torch::Tensor labels) {
  Net model;
  model->to(device);
  // CHECK-FIXES: {{^}}  model->to(device);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  ampify::to_channels_last(*model);{{$}}
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  ampify::GradScaler scaler;
  for (int step = 0; step < 10; ++step) {
    optimizer.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast(device.type());
      loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
      // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: conv net trained under CUDA autocast in the contiguous (NCHW) memory format: fp16/bf16 convolutions run in channels_last (NHWC); convert the model once with ampify::to_channels_last and its 4-D inputs with .contiguous(torch::MemoryFormat::ChannelsLast) [ampify-conv-memory-format]
      // CHECK-MESSAGES: :[[@LINE-3]]:24: note: the autocast region: the autocast scope `autocast`
      // CHECK-FIXES: {{^}}      loss = torch::nn::functional::cross_entropy(model->forward(images.contiguous(torch::MemoryFormat::ChannelsLast)), labels);{{$}}
    }
    scaler.scale(loss).backward();
    scaler.step(optimizer);
    scaler.update();
  }
}

// Holder call syntax, an input expression that needs parentheses, a submodule's conv.
void train_trunk(torch::Tensor a, torch::Tensor b, torch::Tensor labels) {
  Trunk trunk;
  trunk->to(torch::kCUDA);
  // CHECK-FIXES: {{^}}  ampify::to_channels_last(*trunk);{{$}}
  torch::optim::SGD optimizer(trunk->parameters(), torch::optim::SGDOptions(0.1));
  ampify::GradScaler scaler;
  ampify::Autocast autocast(c10::kCUDA, torch::kHalf);
  auto loss = torch::nn::functional::cross_entropy(trunk(a + b), labels);
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: conv net trained under CUDA autocast
  // CHECK-MESSAGES: :[[@LINE-3]]:20: note: the autocast region: the autocast scope `autocast`
  // CHECK-FIXES: {{^}}  auto loss = torch::nn::functional::cross_entropy(trunk((a + b).contiguous(torch::MemoryFormat::ChannelsLast)), labels);{{$}}
  autocast.exit();
  scaler.scale(loss).backward();
  scaler.step(optimizer);
  scaler.update();
}

// Negative cases.
// CPU autocast: channels_last is a CUDA (cuDNN) matter here.
void train_cpu(Net model, torch::optim::SGD &optimizer, torch::Tensor images, torch::Tensor labels) {
  model->to(torch::kCPU);
  ampify::Autocast autocast(c10::kCPU);
  auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
  autocast.exit();
  loss.backward();
  optimizer.step();
}

// Already channels_last.
void train_converted(Net model, torch::optim::SGD &optimizer, torch::Tensor images, torch::Tensor labels) {
  model->to(torch::kCUDA);
  ampify::to_channels_last(*model);
  ampify::Autocast autocast(c10::kCUDA);
  auto loss = torch::nn::functional::cross_entropy(
      model->forward(images.contiguous(torch::MemoryFormat::ChannelsLast)), labels);
  autocast.exit();
  loss.backward();
  optimizer.step();
}

// Not under autocast (fp32 training).
void train_fp32(Net model, torch::optim::SGD &optimizer, torch::Tensor images, torch::Tensor labels) {
  model->to(torch::kCUDA);
  auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
  loss.backward();
  optimizer.step();
}

// No conv: an MLP.
void train_mlp(torch::nn::Linear model, torch::optim::SGD &optimizer, torch::Tensor x, torch::Tensor y) {
  model->to(torch::kCUDA);
  ampify::Autocast autocast(c10::kCUDA);
  auto loss = torch::mse_loss(model(x), y);
  autocast.exit();
  loss.backward();
  optimizer.step();
}

// A model that view()s a conv output: a channels_last activation is not contiguous, so view()
// would raise; the rule leaves it alone.
struct FlatImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) {
    auto y = conv(x);
    return head(y.view({y.size(0), -1}));
  }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Flat);

void train_flat(Flat model, torch::optim::SGD &optimizer, torch::Tensor images, torch::Tensor labels) {
  model->to(torch::kCUDA);
  ampify::Autocast autocast(c10::kCUDA);
  auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
  autocast.exit();
  loss.backward();
  optimizer.step();
}

// A model whose forward another file defines, or one whose helper function does: whether it
// view()s an activation is unknown, so the rule leaves it alone.
struct ElsewhereImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Conv2d conv{nullptr};
};
TORCH_MODULE(Elsewhere);

torch::Tensor flatten_features(torch::Tensor x);

struct HelperImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return flatten_features(conv(x)); }
  torch::nn::Conv2d conv{nullptr};
};
TORCH_MODULE(Helper);

void train_elsewhere(Elsewhere model, Helper other, torch::optim::SGD &optimizer, torch::Tensor images) {
  model->to(torch::kCUDA);
  other->to(torch::kCUDA);
  ampify::Autocast autocast(c10::kCUDA);
  auto loss = model->forward(images).sum() + other->forward(images).sum();
  autocast.exit();
  loss.backward();
  optimizer.step();
}

// A model whose forward views its conv output through a helper of this file: left alone too.
torch::Tensor flatten_in_file(torch::Tensor x) { return x.view({x.size(0), -1}); }

struct ViaHelperImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return head(flatten_in_file(conv(x))); }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(ViaHelper);

void train_via_helper(ViaHelper model, torch::optim::SGD &optimizer, torch::Tensor images) {
  model->to(torch::kCUDA);
  ampify::Autocast autocast(c10::kCUDA);
  auto loss = model->forward(images).sum();
  autocast.exit();
  loss.backward();
  optimizer.step();
}
