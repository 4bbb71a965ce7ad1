// AMPIFY: check --checks=-*,ampify-fp16-underflow-epsilon
#include <torch/torch.h>
#include <ampify/amp.h>


torch::Tensor normalise(torch::Tensor x, torch::Tensor w) {
  ampify::Autocast autocast;
  auto h = torch::matmul(x, w);
  auto y = h / (h.abs() + 1e-8);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: constant 1e-08 is below fp16's smallest normal value (6.1e-5) and is lost against an fp16 tensor [ampify-fp16-underflow-epsilon]
  // CHECK-MESSAGES: :[[@LINE-2]]:27: note: computed in fp32, as before autocast: the fp16 tensor is cast to float first
  // CHECK-FIXES: {{^}}  auto y = h / (h.abs().to(torch::kFloat) + 1e-8);
  auto z = h.clamp_min(1e-7);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: constant 1e-07 is below
  // CHECK-FIXES: {{^}}  auto z = h.to(torch::kFloat).clamp_min(1e-7);
  auto small = h < 1e-6;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: constant 1e-06 is below
  // CHECK-FIXES: {{^}}  auto small = h.to(torch::kFloat) < 1e-6;
  auto scaled = h * 2 + 1e-8;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: constant 1e-08 is below
  // CHECK-FIXES: {{^}}  auto scaled = (h * 2).to(torch::kFloat) + 1e-8;
  h += 1e-8;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: constant 1e-08 is below
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: use at least 1e-4 (fp16's epsilon is 9.8e-4), or compute this in fp32 in an ampify::AutocastDisabled scope
  // CHECK-FIXES: {{^}}  h += 1e-8;
  return y + z + scaled;
}

// std and var keep their input's dtype: of an fp16 tensor, they are fp16. The braces of a
// direct-list-initialisation hold the value itself.
torch::Tensor contrast_norm(torch::Tensor x, torch::Tensor w) {
  ampify::Autocast autocast;
  torch::Tensor h{torch::matmul(x, w)};
  auto deviation = h.std({1}, true, true);
  auto spread = h.var({1}, true, true);
  return (h - h.mean()) / (deviation + 1e-5) + spread.clamp_min(1e-6);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: constant 1e-05 is below
  // CHECK-MESSAGES: :[[@LINE-2]]:65: warning: constant 1e-06 is below
  // CHECK-FIXES: {{^}}  return (h - h.mean()) / (deviation.to(torch::kFloat) + 1e-5) + spread.to(torch::kFloat).clamp_min(1e-6);
}

// Negative cases.
torch::Tensor fine(torch::Tensor x, torch::Tensor w) {
  ampify::Autocast autocast;
  auto h = torch::matmul(x, w);
  auto a = h + 1e-4;                      // representable in fp16
  auto s = torch::softmax(h, -1) + 1e-8;  // softmax runs in fp32 under autocast
  auto n = torch::log(x + 1e-8);          // x: unknown precision
  auto b = torch::matmul(x, w).to(torch::kBFloat16) + 1e-8;  // bf16 has fp32's range
  return a + s + n + b;
}

void adam_under_autocast(torch::nn::Linear model) {
  // Parameters and optimizer state stay fp32 under autocast: Adam's eps is fine.
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3).eps(1e-8));
  auto loss = model(torch::randn({2, 4})).sum();
  loss.backward();
  optimizer.step();
}

void adam_on_half_model(torch::nn::Linear model) {
  model->to(torch::kHalf);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3).eps(1e-8));
  // CHECK-MESSAGES: :[[@LINE-1]]:89: warning: Adam's eps 1e-08 underflows in fp16 optimizer state: the model was converted to half [ampify-fp16-underflow-epsilon]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: the model is converted to half here
}

// bf16 keeps float32's exponent range: 1e-8 is representable in a bf16 model's optimizer state.
void adam_on_bf16_model(torch::nn::Linear model) {
  model->to(torch::kBFloat16);
  torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(1e-4).eps(1e-8));
  auto loss = model(torch::randn({2, 4}).to(torch::kBFloat16)).sum();
  loss.backward();
  optimizer.step();
}

// A lambda bound to a variable is analysed where it is called: here inside the region, with the
// facts of its arguments and captures there.
torch::Tensor lambda_steps(torch::Tensor x, torch::Tensor w, torch::nn::Linear enc) {
  auto reconstruct = [&](const torch::Tensor &in) {
    auto z = enc(in);
    return z / (z.abs() + 1e-8);
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: constant 1e-08 is below fp16's smallest normal value
    // CHECK-FIXES: {{^}}    return z / (z.abs().to(torch::kFloat) + 1e-8);
  };
  auto normalise = [](torch::Tensor h) { return h / (h.abs() + 1e-7); };
  // CHECK-MESSAGES: :[[@LINE-1]]:64: warning: constant 1e-07 is below fp16's smallest normal value
  // CHECK-FIXES: {{^}}  auto normalise = [](torch::Tensor h) { return h / (h.abs().to(torch::kFloat) + 1e-7); };
  torch::Tensor h;
  auto scale = [&] { return h.abs() + 1e-6; };
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: constant 1e-06 is below fp16's smallest normal value
  // CHECK-FIXES: {{^}}  auto scale = [&] { return h.abs().to(torch::kFloat) + 1e-6; };
  ampify::Autocast autocast;
  h = torch::matmul(x, w);
  auto inside = [&](const torch::Tensor &in) { return torch::matmul(in, w) + 1e-9; };
  // CHECK-MESSAGES: :[[@LINE-1]]:78: warning: constant 1e-09 is below fp16's smallest normal value
  // CHECK-FIXES: {{^}}  auto inside = [&](const torch::Tensor &in) { return torch::matmul(in, w).to(torch::kFloat) + 1e-9; };
  return reconstruct(x) + normalise(torch::matmul(x, w)) + scale() + inside(x) + inside(x);
}

// Negative cases: bound lambdas only called outside a region or in a bf16 one, or called with
// arguments of unknown precision; one written in a region but only called after it ends.
torch::Tensor lambda_steps_fine(torch::Tensor x, torch::Tensor w, torch::nn::Linear enc) {
  auto encode = [&](const torch::Tensor &in) { return enc(in) + 1e-8; };
  auto normalise = [](torch::Tensor h) { return h / (h.abs() + 1e-7); };
  auto outside = encode(x) + normalise(x);
  torch::Tensor later;
  {
    ampify::Autocast autocast(c10::kCPU);
    outside = outside + encode(x) + normalise(torch::matmul(x, w));
  }
  {
    ampify::Autocast autocast;
    auto after = [&] { return torch::matmul(x, w) + 1e-8; };
    later = normalise(x);
  }
  return outside + later;
}

// A Sequential's output is that of its last layer, when the TU shows how it was built: by a
// builder (its returns), a local with push_back statements, at every call site of a parameter.
torch::nn::Sequential make_head() {
  return torch::nn::Sequential(torch::nn::Linear(1024, 512), torch::nn::ReLU(), torch::nn::Linear(512, 256));
}

torch::nn::Sequential make_trunk() {
  torch::nn::Sequential trunk;
  trunk->push_back(torch::nn::Linear(256, 256));
  trunk->push_back("act", torch::nn::ReLU());
  return trunk;
}

torch::Tensor head_scores(torch::nn::Sequential &head, const torch::Tensor &x) {
  ampify::Autocast autocast;
  auto z = head->forward(x);
  return torch::log(torch::sigmoid(z) + 1e-8);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: constant 1e-08 is below fp16's smallest normal value
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: `z` is fp16 because it is the output of the Sequential `head` at line [[@LINE-3]]
  // CHECK-MESSAGES: :[[@LINE-16]]:81: note: this value is fp16 because it is the output of `torch::nn::Linear`, which autocast runs in fp16 at line [[@LINE-16]]
  // CHECK-FIXES: {{^}}  return torch::log(torch::sigmoid(z).to(torch::kFloat) + 1e-8);
}

torch::Tensor run_heads(const torch::Tensor &x) {
  auto head = make_head();
  auto trunk = make_trunk();
  torch::nn::Sequential named({{"fc", torch::nn::Linear(256, 256)}, {"drop", torch::nn::Dropout(0.1)}});
  ampify::Autocast autocast;
  auto t = trunk->forward(x);
  auto n = named->forward(x);
  return head_scores(head, x) + t / (t.abs() + 1e-8) + n / (n.abs() + 1e-8);
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: constant 1e-08 is below fp16's smallest normal value
  // CHECK-MESSAGES: :[[@LINE-2]]:71: warning: constant 1e-08 is below fp16's smallest normal value
  // CHECK-FIXES: {{^}}  return head_scores(head, x) + t / (t.abs().to(torch::kFloat) + 1e-8) + n / (n.abs().to(torch::kFloat) + 1e-8);
}

// Negative cases: a LayerNorm last layer (fp32), a parameter no call in the TU passes, a
// push_back in a loop that may stop early, two callers passing different Sequentials. A
// push_back in a loop that runs to its end is followed: its Linear is what comes out, since an
// empty Sequential throws.
torch::Tensor sequential_fine(torch::nn::Sequential &unseen, const torch::Tensor &x, int depth) {
  torch::nn::Sequential normed(torch::nn::Linear(8, 8), torch::nn::LayerNorm(std::vector<int64_t>{8}));
  torch::nn::Sequential named({{"fc", torch::nn::Linear(8, 8)}, {"norm", torch::nn::LayerNorm(std::vector<int64_t>{8})}});
  torch::nn::Sequential deep;
  for (int i = 0; i < depth; ++i)
    deep->push_back(torch::nn::Linear(8, 8));
  torch::nn::Sequential stopped;
  for (int i = 0; i < depth; ++i) {
    if (i == 4)
      break;
    stopped->push_back(torch::nn::Linear(8, 8));
  }
  ampify::Autocast autocast;
  auto a = normed->forward(x);
  auto b = unseen->forward(x);
  auto c = deep->forward(x);
  auto d = named->forward(x);
  auto e = stopped->forward(x);
  return a / (a.abs() + 1e-8) + b / (b.abs() + 1e-8) + c / (c.abs() + 1e-8) + d / (d.abs() + 1e-8) +
         e / (e.abs() + 1e-8);
  // CHECK-MESSAGES: :[[@LINE-2]]:71: warning: constant 1e-08 is below fp16's smallest normal value
  // CHECK-MESSAGES: :[[@LINE-3]]:61: note: this value is fp16 because it is the output of `abs` at line [[@LINE-3]]
  // CHECK-FIXES: {{^}}  return a / (a.abs() + 1e-8) + b / (b.abs() + 1e-8) + c / (c.abs().to(torch::kFloat) + 1e-8) + d / (d.abs() + 1e-8) +
}

torch::Tensor either_head(torch::nn::Sequential head, const torch::Tensor &x) {
  ampify::Autocast autocast;
  auto z = head->forward(x);
  return z / (z.abs() + 1e-8);
}

torch::Tensor call_either(const torch::Tensor &x) {
  return either_head(make_head(), x) +
         either_head(torch::nn::Sequential(torch::nn::Linear(8, 8), torch::nn::LayerNorm(std::vector<int64_t>{8})), x);
}

// A training loop not yet migrated: its forward pass and loss are what `ampify fix` puts under
// autocast, also when a zero_grad stands between them (forward, zero_grad, loss: a U-Net
// trainer's order), so the Linear output is fp16 there.
void forward_zero_grad_loss(torch::nn::Linear model, torch::optim::SGD &opt, torch::Tensor x) {
  for (int i = 0; i < 10; ++i) {
    auto out = model(x.to(torch::Device(torch::kCUDA)));
    opt.zero_grad();
    auto p = torch::sigmoid(out).clamp_min(1e-7);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: constant 1e-07 is below fp16's smallest normal value (6.1e-5) and is lost against an fp16 tensor [ampify-fp16-underflow-epsilon]
    auto loss = -torch::log(p).mean();
    loss.backward();
    opt.step();
  }
}
