// AMPIFY: check --checks=-*,ampify-linear-unfused-bias
#include <torch/torch.h>
#include <ampify/amp.h>

// A transformer-like block: token ids [batch, tokens] -> Embedding [batch, tokens, dim] -> Linear.
struct BlockImpl : torch::nn::Module {
  BlockImpl(int64_t vocab, int64_t dim)
      : tokens(register_module("tokens", torch::nn::Embedding(vocab, dim))),
        fc1(register_module("fc1", torch::nn::Linear(dim, 4 * dim))),
        fc2(register_module("fc2", torch::nn::Linear(4 * dim, dim))),
        lm_head(register_module("lm_head", torch::nn::Linear(torch::nn::LinearOptions(dim, vocab).bias(false)))) {}
  torch::Tensor forward(torch::Tensor ids) {
    auto t = ids.size(1); // ids has 2+ dims from here on
    auto x = tokens(ids) * double(t);
    x = x + fc2(torch::relu(fc1(x)));
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: `fc2` gets input of 3+ dimensions under CUDA autocast: LibTorch's C++ Linear adds its fp32 bias in a separate kernel after the fp16 matmul (Python's F.linear fuses it into the GEMM); call torch::linear(x, fc2->weight, fc2->bias) [ampify-linear-unfused-bias]
    // CHECK-MESSAGES: :[[@LINE+26]]:20: note: autocast is enabled by the autocast scope `autocast`
    // CHECK-MESSAGES: :[[@LINE-3]]:29: warning: `fc1` gets input of 3+ dimensions under CUDA autocast
    // CHECK-MESSAGES: :[[@LINE+24]]:20: note: autocast is enabled by the autocast scope `autocast`
    // CHECK-FIXES: {{^}}    x = x + torch::linear(torch::relu(torch::linear(x, fc1->weight, fc1->bias)), fc2->weight, fc2->bias);{{$}}
    return lm_head->forward(x); // bias(false): lm_head->bias is an undefined tensor, which torch::linear skips
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: `lm_head` gets input of 3+ dimensions under CUDA autocast
    // CHECK-MESSAGES: :[[@LINE+20]]:20: note: autocast is enabled by the autocast scope `autocast`
    // CHECK-FIXES: {{^}}    return torch::linear(x, lm_head->weight, lm_head->bias); // bias(false): {{.*$}}
  }
  torch::nn::Embedding tokens;
  torch::nn::Linear fc1, fc2, lm_head;
};
TORCH_MODULE(Block);

// A 2-D MLP: [batch, features] takes addmm, which fuses the bias already.
struct MlpImpl : torch::nn::Module {
  MlpImpl() : fc1(register_module("fc1", torch::nn::Linear(784, 128))), fc2(register_module("fc2", torch::nn::Linear(128, 10))) {}
  torch::Tensor forward(torch::Tensor x) { return fc2(torch::relu(fc1(x))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Mlp);

void train_block(Block model, Mlp mlp, torch::optim::SGD &optimizer, torch::Tensor target) {
  model->to(torch::kCUDA);
  ampify::GradScaler scaler;
  auto ids = torch::randint(1000, {8, 16}, torch::TensorOptions().dtype(torch::kLong).device(torch::kCUDA));
  ampify::Autocast autocast(c10::kCUDA);
  auto logits = model->forward(ids);
  auto images = torch::randn({32, 784}, torch::TensorOptions().device(torch::kCUDA));
  auto loss = torch::mse_loss(logits.sum() + mlp(images).sum(), target);
  autocast.exit();
  scaler.scale(loss).backward();
  scaler.step(optimizer);
  scaler.update();
}

// Locals: a braced size list, unsqueeze, a LinearImpl object, a Linear in a macro (no fix-it).
#define PROJECT(m, x) m(x)
void project(torch::nn::Linear proj, torch::nn::LinearImpl &impl, torch::Tensor h) {
  ampify::Autocast autocast(c10::kCUDA);
  auto x = torch::randn({4, 16, 32}, torch::TensorOptions().device(torch::kCUDA));
  auto y = proj->forward(x.transpose(0, 1));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: `proj` gets input of 3+ dimensions
  // CHECK-MESSAGES: :[[@LINE-4]]:20: note: autocast is enabled by the autocast scope `autocast`
  // CHECK-FIXES: {{^}}  auto y = torch::linear(x.transpose(0, 1), proj->weight, proj->bias);{{$}}
  auto z = impl.forward(y.view({4, 16, 2, 16}).unsqueeze(0));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: `impl` gets input of 5+ dimensions under CUDA autocast: {{.*}} call torch::linear(x, impl.weight, impl.bias)
  // CHECK-MESSAGES: :[[@LINE-8]]:20: note: autocast is enabled by the autocast scope `autocast`
  // CHECK-FIXES: {{^}}  auto z = torch::linear(y.view({4, 16, 2, 16}).unsqueeze(0), impl.weight, impl.bias);{{$}}
  auto w = PROJECT(proj, z);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: `proj` gets input of 5+ dimensions
  // CHECK-MESSAGES: :[[@LINE-12]]:20: note: autocast is enabled by the autocast scope `autocast`
  // CHECK-FIXES: {{^}}  auto w = PROJECT(proj, z);{{$}}
  // Unknown rank: h is a parameter, and nothing in this file calls project().
  auto u = proj(h);
  (void)w;
  (void)u;
}

// A helper whose parameter is unknown: nothing in the TU passes it a tensor of known rank.
torch::Tensor apply(torch::nn::Linear fc, torch::Tensor x) { return fc(x); }
void unknown_rank(torch::nn::Linear fc, torch::Tensor batch) {
  ampify::Autocast autocast(c10::kCUDA);
  auto y = apply(fc, batch);
  (void)y;
}

// Negative cases.
// Outside autocast (fp32): no region.
void fp32(torch::nn::Linear fc) {
  auto x = torch::randn({4, 16, 32});
  auto y = fc(x);
  (void)y;
}

// A training loop not migrated yet: `ampify fix` reports the finding on the migrated text.
void train_fp32(torch::nn::Linear fc, torch::optim::SGD &optimizer) {
  for (int step = 0; step < 10; ++step) {
    optimizer.zero_grad();
    auto x = torch::randn({4, 16, 32}, torch::TensorOptions().device(torch::kCUDA));
    auto loss = fc(x).sum();
    loss.backward();
    optimizer.step();
  }
}

// CPU autocast.
void cpu(torch::nn::Linear fc) {
  ampify::Autocast autocast(c10::kCPU);
  auto x = torch::randn({4, 16, 32});
  auto y = fc(x);
  (void)y;
}

// A Linear inside a Sequential runs inside LibTorch: not reported (docs/rules).
void sequential(torch::nn::Sequential seq) {
  ampify::Autocast autocast(c10::kCUDA);
  auto x = torch::randn({4, 16, 32}, torch::TensorOptions().device(torch::kCUDA));
  auto y = seq->forward(x);
  (void)y;
}

// A variable reassigned with a 2-D value: the smaller rank counts.
void reassigned(torch::nn::Linear fc, bool flat) {
  ampify::Autocast autocast(c10::kCUDA);
  auto x = torch::randn({4, 16, 32}, torch::TensorOptions().device(torch::kCUDA));
  if (flat)
    x = x.reshape({64, 32});
  auto y = fc(x);
  (void)y;
}

// A parameter takes the rank of every call's argument in the TU.
torch::Tensor apply3(torch::nn::Linear fc, torch::Tensor x) { return fc(x); }
// CHECK-MESSAGES: :[[@LINE-1]]:70: warning: `fc` gets input of 3+ dimensions under CUDA autocast
// CHECK-MESSAGES: :[[@LINE+3]]:20: note: autocast is enabled by the autocast scope `autocast`
// CHECK-FIXES: {{^}}torch::Tensor apply3(torch::nn::Linear fc, torch::Tensor x) { return torch::linear(x, fc->weight, fc->bias); }{{$}}
void known_rank(torch::nn::Linear fc) {
  ampify::Autocast autocast(c10::kCUDA);
  auto y = apply3(fc, torch::zeros({2, 3, 4}, torch::TensorOptions().device(torch::kCUDA)));
  (void)y;
}

// A function whose address is taken may be called from anywhere: its parameter is unknown.
torch::Tensor apply_ptr(torch::nn::Linear fc, torch::Tensor x) { return fc(x); }
void address_taken(torch::nn::Linear fc) {
  ampify::Autocast autocast(c10::kCUDA);
  auto f = &apply_ptr;
  auto y = apply_ptr(fc, torch::zeros({2, 3, 4}, torch::TensorOptions().device(torch::kCUDA)));
  (void)f;
  (void)y;
}
