// AMPIFY: check --checks=-*,ampify-fp16-overflow-constant
#include <torch/torch.h>
#include <ampify/amp.h>


constexpr double kMaskValue = -1e9;

torch::Tensor attention(torch::Tensor q, torch::Tensor k, torch::Tensor mask) {
  ampify::Autocast autocast;
  auto scores = torch::matmul(q, k);
  auto masked = scores.masked_fill(mask, -1e9);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: constant -1e+09 overflows fp16 (largest finite value 65504) in `masked_fill` [ampify-fp16-overflow-constant]
  // The first note says why the tensor written into is fp16, not that the flagged call's output is.
  // CHECK-MESSAGES-NOT: note: this value is fp16 because it is the output of `masked_fill`
  // CHECK-MESSAGES: :[[@LINE-5]]:17: note: `scores` is fp16 because it is the output of `matmul`, which autocast runs in fp16 at line [[@LINE-5]]
  // A finite fix: -inf would make a fully masked row NaN after softmax.
  // CHECK-FIXES: auto masked = scores.masked_fill(mask, -65504.0);
  scores.masked_fill_(mask, kMaskValue);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: constant -1e+09 overflows fp16
  // CHECK-FIXES: scores.masked_fill_(mask, -65504.0);
  auto big = scores * 1e5;
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: constant 100000 overflows fp16
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: use the dtype's largest value
  auto filled = torch::full_like(scores, -70000.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: constant -70000 overflows fp16
  // CHECK-MESSAGES: :[[@LINE-2]]:42: note: use the dtype's lowest value
  // A fill that torch::where picks for the masked entries is a mask, fixed as masked_fill's.
  auto valid_only = torch::where(mask, scores, torch::full_like(scores, -1e9));
  // CHECK-MESSAGES: :[[@LINE-1]]:73: warning: constant -1e+09 overflows fp16
  // CHECK-FIXES: auto valid_only = torch::where(mask, scores, torch::full_like(scores, -65504.0));
  return masked + big + filled + valid_only;
}

torch::Tensor explicit_half(torch::Tensor x) {
  auto h = x.to(torch::kHalf);
  h.fill_(1e6);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: constant 1e+06 overflows fp16
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: `h` is fp16 because it is cast explicitly with `.to(...)`
  return torch::full({2, 2}, 1e5, torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: constant 100000 overflows fp16
}

// Values the evaluator follows beyond constant expressions: a local never written after its
// initialisation, and a parameter with the value its one caller passes (no fix-it there: another
// caller may pass something else).
torch::Tensor masked_scores(torch::Tensor scores, torch::Tensor mask, double fill) {
  double neg = -1e9;
  auto a = scores.masked_fill(mask, neg);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: constant -1e+09 overflows fp16
  // CHECK-MESSAGES: :[[@LINE-3]]:10: note: `neg` is -1e+09
  // CHECK-FIXES: auto a = scores.masked_fill(mask, -65504.0);
  return a + scores.masked_fill(mask, fill);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: constant -1e+08 overflows fp16
  // CHECK-MESSAGES: :[[@LINE+6]]:51: note: `fill` at this call of `masked_scores` is -1e+08
  // CHECK-MESSAGES: :[[@LINE-3]]:39: note: use -65504.0 for a mask: finite in fp16, bf16 and fp32 (-inf makes a fully masked row NaN after softmax)
}

torch::Tensor call_masked(torch::Tensor q, torch::Tensor k, torch::Tensor mask) {
  ampify::Autocast autocast;
  return masked_scores(torch::matmul(q, k), mask, -1e8);
}

// Negative cases.
torch::Tensor fine(torch::Tensor q, torch::Tensor k, torch::Tensor mask) {
  // Outside a region matmul keeps fp32 inputs' dtype; its precision is unknown here anyway.
  auto a = torch::matmul(q, k).masked_fill(mask, -1e9);
  ampify::Autocast autocast;
  auto scores = torch::matmul(q, k);
  // Small constants, and an fp32 (softmax) result.
  auto b = scores.masked_fill(mask, -1e4);
  auto c = torch::softmax(scores, -1).masked_fill(mask, -1e9);
  // bf16 has fp32's range.
  auto d = torch::matmul(q, k).to(torch::kBFloat16).masked_fill(mask, -1e9);
  auto e = torch::full({2}, -1e9);
  {
    ampify::AutocastDisabled fp32;
    auto f = torch::matmul(q, k).masked_fill(mask, -1e9);
  }
  return a + b + c + d + e;
}

torch::Tensor cpu_region(torch::Tensor q, torch::Tensor k, torch::Tensor mask) {
  ampify::Autocast autocast(c10::kCPU);
  return torch::matmul(q, k).masked_fill(mask, -1e9);
}

// The dtype of regions opened by the raw API: set_autocast_gpu_dtype (1.13) and
// set_autocast_dtype(device, dtype) (2.4; declared here where the headers are older).
#if TORCH_VERSION_MAJOR < 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR < 4)
namespace at::autocast {
void set_autocast_dtype(at::DeviceType device_type, at::ScalarType dtype);
} // namespace at::autocast
#endif

torch::Tensor raw_fp16(torch::Tensor q, torch::Tensor k, torch::Tensor mask) {
  at::autocast::set_autocast_gpu_dtype(torch::kHalf);
  at::autocast::set_enabled(true);
  auto s = torch::matmul(q, k).masked_fill(mask, -1e9);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: constant -1e+09 overflows fp16
  at::autocast::set_enabled(false);
  at::autocast::set_autocast_dtype(at::kCUDA, at::kBFloat16);
  at::autocast::set_autocast_dtype(at::kCUDA, at::kHalf);
  at::autocast::set_enabled(true);
  auto t = torch::matmul(q, k).masked_fill(mask, -1e9);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: constant -1e+09 overflows fp16
  at::autocast::set_enabled(false);
  return s + t;
}

// Negative cases: bf16 regions, and a dtype that is not a constant (unknown, so nothing is said).
torch::Tensor raw_bf16(torch::Tensor q, torch::Tensor k, torch::Tensor mask, at::ScalarType dtype, bool fast) {
  at::autocast::set_autocast_gpu_dtype(torch::kBFloat16);
  at::autocast::set_enabled(true);
  auto a = torch::matmul(q, k).masked_fill(mask, -1e9);
  at::autocast::set_enabled(false);
  at::autocast::set_autocast_dtype(at::kCUDA, at::kBFloat16);
  at::autocast::set_enabled(true);
  auto b = torch::matmul(q, k).masked_fill(mask, -1e9);
  at::autocast::set_autocast_gpu_dtype(dtype); // changes the open region's dtype too
  auto c = torch::matmul(q, k).masked_fill(mask, -1e9);
  at::autocast::set_enabled(false);
  at::autocast::set_autocast_gpu_dtype(torch::kHalf);
  if (fast)
    at::autocast::set_autocast_gpu_dtype(torch::kBFloat16);
  at::autocast::set_enabled(true);
  auto d = torch::matmul(q, k).masked_fill(mask, -1e9);
  at::autocast::set_enabled(false);
  return a + b + c + d;
}

// A Sequential member that the class's constructor builds: its forward's output is that of its
// last layer (Linear: fp16), wherever forward runs under autocast. One built with a LayerNorm last
// (fp32 under CUDA autocast), or passed to a function of another file that may change it, is not
// reported.
struct ScorerImpl : torch::nn::Module {
  ScorerImpl() {
    net_ = register_module("net", torch::nn::Sequential(torch::nn::Linear(64, 64), torch::nn::ReLU(), torch::nn::Linear(64, 8)));
  }
  torch::Tensor forward(torch::Tensor x, torch::Tensor mask) {
    auto scores = net_->forward(x);
    return scores.masked_fill(mask, -1e9);
    // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: constant -1e+09 overflows fp16 (largest finite value 65504) in `masked_fill` [ampify-fp16-overflow-constant]
    // CHECK-MESSAGES: :[[@LINE-3]]:19: note: `scores` is fp16 because it is the output of the Sequential `net_` at line [[@LINE-3]]
    // CHECK-FIXES: {{^}}    return scores.masked_fill(mask, -65504.0);
  }
  torch::nn::Sequential net_{nullptr};
};
TORCH_MODULE(Scorer);
struct NormedScorerImpl : torch::nn::Module {
  NormedScorerImpl() : net_(torch::nn::Linear(64, 64), torch::nn::LayerNorm(std::vector<int64_t>{64})) {}
  torch::Tensor forward(torch::Tensor x, torch::Tensor mask) { return net_->forward(x).masked_fill(mask, -1e9); }
  torch::nn::Sequential net_;
};
TORCH_MODULE(NormedScorer);
void change(torch::nn::Sequential &net);
struct ChangedScorerImpl : torch::nn::Module {
  ChangedScorerImpl() : net_(torch::nn::Linear(64, 64)) { change(net_); }
  torch::Tensor forward(torch::Tensor x, torch::Tensor mask) { return net_->forward(x).masked_fill(mask, -1e9); }
  torch::nn::Sequential net_;
};
TORCH_MODULE(ChangedScorer);
// Built by a method the constructor calls, then registered under its own name
// (`net_ = register_module("net", net_)`): that assignment keeps what the member holds.
struct InitScorerImpl : torch::nn::Module {
  explicit InitScorerImpl(int64_t dim) { init(dim); }
  void init(int64_t dim) {
    net_ = torch::nn::Sequential(torch::nn::Linear(dim, 4 * dim), torch::nn::ReLU(), torch::nn::Linear(4 * dim, dim));
    net_ = register_module("net", net_);
  }
  torch::Tensor forward(torch::Tensor x, torch::Tensor mask) {
    auto scores = net_->forward(x);
    return scores.masked_fill(mask, -1e9);
    // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: constant -1e+09 overflows fp16 (largest finite value 65504) in `masked_fill` [ampify-fp16-overflow-constant]
    // CHECK-MESSAGES: :[[@LINE-3]]:19: note: `scores` is fp16 because it is the output of the Sequential `net_` at line [[@LINE-3]]
    // CHECK-FIXES: {{^}}    return scores.masked_fill(mask, -65504.0);
  }
  torch::nn::Sequential net_{nullptr};
};
TORCH_MODULE(InitScorer);
void score_all(Scorer &s, NormedScorer &n, ChangedScorer &c, InitScorer &i, torch::Tensor x, torch::Tensor mask) {
  ampify::Autocast autocast;
  auto all = s(x, mask) + n(x, mask) + c(x, mask) + i(x, mask);
}

// A Sequential member built by a method of the class: a non-virtual one is followed as a function
// is; a virtual one may be overridden, so what it builds is not known.
struct TrunkImpl : torch::nn::Module {
  TrunkImpl() {
    actor_ = register_module("actor", make_trunk(64, 8));
    critic_ = register_module("critic", make_head(64));
  }
  torch::nn::Sequential make_trunk(int64_t in, int64_t out) {
    return torch::nn::Sequential(torch::nn::Linear(in, 64), torch::nn::ReLU(), torch::nn::Linear(64, out));
  }
  virtual torch::nn::Sequential make_head(int64_t in) { return torch::nn::Sequential(torch::nn::Linear(in, 8)); }
  torch::Tensor forward(torch::Tensor x, torch::Tensor mask) {
    auto logits = actor_->forward(x);
    auto masked = logits.masked_fill(mask, -1e9);
    // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: constant -1e+09 overflows fp16 (largest finite value 65504) in `masked_fill` [ampify-fp16-overflow-constant]
    auto values = critic_->forward(x).masked_fill(mask, -1e9);
    return masked + values;
  }
  torch::nn::Sequential actor_{nullptr}, critic_{nullptr};
};
TORCH_MODULE(Trunk);
// A class of the file built under autocast: its constructor computes in the region.
struct MaskedChoice {
  MaskedChoice(torch::Tensor logits, torch::Tensor mask) {
    probs = torch::softmax(torch::where(mask, logits, -1e8f), -1);
    // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: constant -1e+08 overflows fp16 (largest finite value 65504) in `where` [ampify-fp16-overflow-constant]
  }
  torch::Tensor probs;
};
void act(Trunk &trunk, torch::Tensor x, torch::Tensor mask) {
  MaskedChoice before(torch::matmul(x, x.t()), mask);
  ampify::Autocast autocast;
  MaskedChoice choice(torch::matmul(x, x.t()), mask);
  auto all = trunk(x, mask) + choice.probs + before.probs;
}

// A Sequential member that its constructor extends with push_back statements, some in a loop:
// each layer runs where the Sequential does (a block's own mask counts under the autocast that
// runs the stack), and its output is that of its last layer.
struct MaskBlockImpl : torch::nn::Module {
  MaskBlockImpl() { proj = register_module("proj", torch::nn::Linear(64, 64)); }
  torch::Tensor forward(torch::Tensor x) {
    auto scores = proj(x);
    return scores.masked_fill(scores > 0, -1e9);
    // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: constant -1e+09 overflows fp16 (largest finite value 65504) in `masked_fill` [ampify-fp16-overflow-constant]
    // CHECK-FIXES: {{^}}    return scores.masked_fill(scores > 0, -65504.0);
  }
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(MaskBlock);
struct StackImpl : torch::nn::Module {
  explicit StackImpl(int64_t depth) {
    blocks = register_module("blocks", torch::nn::Sequential());
    for (int64_t i = 0; i < depth; ++i)
      blocks->push_back(MaskBlock());
    blocks->push_back(torch::nn::Linear(64, 8));
  }
  torch::Tensor forward(torch::Tensor x, torch::Tensor mask) {
    return blocks->forward(x).masked_fill(mask, -1e9);
    // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: constant -1e+09 overflows fp16 (largest finite value 65504) in `masked_fill` [ampify-fp16-overflow-constant]
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: this value is fp16 because it is the output of the Sequential `blocks` at line [[@LINE-2]]
    // CHECK-FIXES: {{^}}    return blocks->forward(x).masked_fill(mask, -65504.0);
  }
  torch::nn::Sequential blocks{nullptr};
};
TORCH_MODULE(Stack);
void run_stack(Stack &stack, torch::Tensor x, torch::Tensor mask) {
  ampify::Autocast autocast;
  auto out = stack(x, mask);
}

// A trainer template instantiated for two models: each instantiation's loop runs its own model
// under the autocast the migration opens, so the second model's mask counts too.
struct PlainNetImpl : torch::nn::Module {
  torch::nn::Linear fc{nullptr};
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
};
TORCH_MODULE(PlainNet);
struct MaskingNetImpl : torch::nn::Module {
  torch::nn::Linear fc{nullptr};
  torch::Tensor forward(torch::Tensor x) { return fc(x).masked_fill(x < 0, -1e9); }
  // CHECK-MESSAGES: :[[@LINE-1]]:76: warning: constant -1e+09 overflows fp16
  // CHECK-FIXES: torch::Tensor forward(torch::Tensor x) { return fc(x).masked_fill(x < 0, -65504.0); }
};
TORCH_MODULE(MaskingNet);
template <typename Model> void train_model(Model &model, torch::optim::SGD &optimizer, torch::Tensor x) {
  for (int step = 0; step < 10; ++step) {
    optimizer.zero_grad();
    auto loss = model->forward(x).mean();
    loss.backward();
    optimizer.step();
  }
}
void train_both(PlainNet &plain, MaskingNet &masking, torch::optim::SGD &optimizer, torch::Tensor x) {
  train_model(plain, optimizer, x);
  train_model(masking, optimizer, x);
}

// Lists of tensors: torch::stack and torch::cat keep the dtype their elements share, from a
// braced list or from a vector that a loop fills with the hidden states a model returns; one
// fp32 element makes the result fp32.
struct CellImpl : torch::nn::Module {
  torch::nn::Linear i2h{nullptr};
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor input, torch::Tensor hidden) {
    hidden = torch::tanh(i2h(torch::cat({input, hidden}, 1)));
    return {hidden, hidden};
  }
};
TORCH_MODULE(Cell);
void run_cell(Cell &cell, torch::Tensor line, torch::Tensor pad) {
  ampify::Autocast autocast;
  torch::Tensor hidden = torch::zeros({4, 32});
  std::vector<torch::Tensor> states;
  for (int i = 0; i < 3; i++) {
    std::tuple<torch::Tensor, torch::Tensor> ret = cell->forward(line[i], hidden);
    hidden = std::get<1>(ret);
    states.push_back(hidden);
  }
  auto pooled = torch::stack(states, 0).masked_fill(pad, -1e9);
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: constant -1e+09 overflows fp16
  // After the loop `hidden` may still be the fp32 zeros; a step's output is fp16.
  auto stepped = std::get<1>(cell->forward(line[0], hidden));
  auto both = torch::cat({stepped, stepped}, 1).masked_fill(pad, -1e9);
  // CHECK-MESSAGES: :[[@LINE-1]]:66: warning: constant -1e+09 overflows fp16
  auto mixed = torch::cat({stepped, torch::zeros({4, 32})}, 1).masked_fill(pad, -1e9);
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{.*}} warning
  auto either = torch::cat({hidden, hidden}, 1).masked_fill(pad, -1e9);
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{.*}} warning
}
