// AMPIFY: check --checks=-*,ampify-banned-under-autocast
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <ampify/amp.h>

namespace F = torch::nn::functional;

// The program trains on CUDA: `ampify fix` migrates its training loops to CUDA autocast, and check
// analyses their forward and loss as that region (docs/fix.md, "Device").
const torch::Device kDevice(torch::kCUDA);


torch::Tensor functional_forms(torch::Tensor z, torch::Tensor y, torch::Tensor w) {
  ampify::Autocast autocast;
  auto a = torch::binary_cross_entropy(torch::sigmoid(z), y);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: binary_cross_entropy is unsafe under CUDA autocast and raises at run time [ampify-banned-under-autocast]
  // CHECK-FIXES: auto a = torch::binary_cross_entropy_with_logits(z, y);
  auto b = torch::binary_cross_entropy(z.sigmoid(), y, w, at::Reduction::Sum);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: binary_cross_entropy is unsafe
  // CHECK-FIXES: auto b = torch::binary_cross_entropy_with_logits(z, y, w, /*pos_weight=*/{}, at::Reduction::Sum);
  auto c = F::binary_cross_entropy(torch::sigmoid(z * 2), y,
                                   F::BinaryCrossEntropyFuncOptions().weight(w).reduction(torch::kSum));
  // CHECK-MESSAGES: :[[@LINE-2]]:15: warning: binary_cross_entropy is unsafe
  // CHECK-FIXES: auto c = F::binary_cross_entropy_with_logits(z * 2, y,
  // CHECK-FIXES-NEXT: F::BinaryCrossEntropyWithLogitsFuncOptions().weight(w).reduction(torch::kSum));
  return a + b + c;
}

torch::Tensor without_sigmoid(torch::Tensor p, torch::Tensor y) {
  ampify::Autocast autocast;
  // A probability from elsewhere: no automatic fix, a note explains it.
  return torch::binary_cross_entropy(p, y);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: binary_cross_entropy is unsafe
  // CHECK-MESSAGES: :[[@LINE-2]]:38: note: pass the logits
  // CHECK-FIXES: return torch::binary_cross_entropy(p, y);
}

torch::Tensor options_variable(torch::Tensor z, torch::Tensor y) {
  ampify::Autocast autocast;
  auto options = F::BinaryCrossEntropyFuncOptions().reduction(torch::kSum);
  return F::binary_cross_entropy(torch::sigmoid(z), y, options);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: binary_cross_entropy is unsafe
  // CHECK-MESSAGES: :[[@LINE-2]]:56: note: these options must become BinaryCrossEntropyWithLogitsFuncOptions
  // CHECK-FIXES: return F::binary_cross_entropy(torch::sigmoid(z), y, options);
}

torch::Tensor module_form(torch::Tensor z, torch::Tensor y) {
  ampify::Autocast autocast;
  torch::nn::BCELoss criterion;
  auto a = criterion(torch::sigmoid(z), y);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: torch::nn::BCELoss is unsafe under CUDA autocast
  // CHECK-MESSAGES: :[[@LINE-2]]:37: note: use torch::nn::BCEWithLogitsLoss and pass it 'z' without the sigmoid
  auto b = criterion->forward(z, y);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: torch::nn::BCELoss is unsafe
  return a + b;
}

// Negative cases: the safe forms are not flagged.
torch::Tensor safe_forms(torch::Tensor z, torch::Tensor y) {
  torch::nn::BCEWithLogitsLoss criterion;
  auto a = criterion(z, y);
  auto b = torch::binary_cross_entropy_with_logits(z, y);
  auto c = F::binary_cross_entropy_with_logits(z, y);
  return a + b + c;
}

// Outside any autocast region the op is fine: not flagged.
torch::Tensor outside_region(torch::Tensor z, torch::Tensor y) {
  return torch::binary_cross_entropy(torch::sigmoid(z), y);
}

// In a disabled scope, in CPU autocast (where it runs in fp32), and after the scope ends.
torch::Tensor disabled_and_cpu(torch::Tensor z, torch::Tensor y) {
  ampify::Autocast autocast;
  torch::Tensor a, b;
  {
    ampify::AutocastDisabled fp32;
    a = torch::binary_cross_entropy(torch::sigmoid(z), y);
  }
  {
    ampify::Autocast cpu(c10::kCPU);
    b = torch::binary_cross_entropy(torch::sigmoid(z), y);
  }
  autocast.exit();
  return a + b + torch::binary_cross_entropy(torch::sigmoid(z), y);
}

// A helper called from a region is analysed in that region.
torch::Tensor loss_helper(torch::Tensor p, torch::Tensor y) {
  return torch::binary_cross_entropy(p, y);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: binary_cross_entropy is unsafe
}

torch::Tensor calls_helper(torch::Tensor z, torch::Tensor y) {
  at::autocast::set_enabled(true);
  auto loss = loss_helper(torch::sigmoid(z), y);
  at::autocast::set_enabled(false);
  return loss;
}

// The forward and loss of a training loop that `ampify fix` would migrate count as a CUDA
// autocast region before the migration; the backward and step after them do not.
void training_loop(torch::nn::Linear model, torch::Tensor x, torch::Tensor y) {
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  for (int step = 0; step < 10; ++step) {
    optimizer.zero_grad();
    auto z = model(x);
    auto loss = torch::binary_cross_entropy(torch::sigmoid(z), y);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: binary_cross_entropy is unsafe
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: autocast is enabled by the forward and loss of a training loop
    // CHECK-FIXES: auto loss = torch::binary_cross_entropy_with_logits(z, y);
    loss.backward();
    optimizer.step();
    auto report = torch::binary_cross_entropy(torch::sigmoid(z.detach()), y);
  }
}

// The same in the order of the pytorch-cpp tutorials (forward, loss, zero_grad, backward, step):
// the zero_grad after the loss does not end the forward pass.
void tutorial_order(torch::nn::Linear model, torch::Tensor x, torch::Tensor y) {
  torch::optim::Adam optimizer(model->parameters());
  for (int step = 0; step < 10; ++step) {
    auto z = model(x);
    auto loss = torch::binary_cross_entropy(torch::sigmoid(z), y);
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: binary_cross_entropy is unsafe
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: autocast is enabled by the forward and loss of a training loop
    // CHECK-FIXES: auto loss = torch::binary_cross_entropy_with_logits(z, y);
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
  }
}

// After a zero_grad written between the loss and the backward, the migrated code has left
// autocast (`autocast.exit()` goes before the zero_grad): a BCE there computes in fp32.
void tutorial_order_after_zero_grad(torch::nn::Linear model, torch::Tensor x, torch::Tensor y) {
  torch::optim::Adam optimizer(model->parameters());
  for (int step = 0; step < 10; ++step) {
    auto z = model(x);
    auto loss = torch::binary_cross_entropy_with_logits(z, y);
    optimizer.zero_grad();
    auto monitor = torch::binary_cross_entropy(torch::sigmoid(z.detach()), y);
    loss.backward();
    optimizer.step();
  }
}

// A loop in which nothing ever zeroes the gradients is one `ampify fix` refuses (its migration
// would change the results): it stays fp32, so its BCE is no hazard.
void never_zeroed(torch::nn::Linear model, torch::Tensor x, torch::Tensor y) {
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  for (int step = 0; step < 10; ++step) {
    auto loss = torch::binary_cross_entropy(torch::sigmoid(model(x)), y);
    loss.backward();
    optimizer.step();
  }
}

// ampify::run_in_fp32 runs the lambda with autocast off: BCE computes in fp32 there, also in a
// function the lambda calls.
torch::Tensor bce_in_fp32(torch::Tensor z, torch::Tensor y) {
  ampify::Autocast autocast;
  return ampify::run_in_fp32([&](torch::Tensor p) { return torch::binary_cross_entropy(p, y); }, torch::sigmoid(z));
}
torch::Tensor probability_loss(torch::Tensor p, torch::Tensor y) { return torch::binary_cross_entropy(p, y); }
torch::Tensor helper_in_fp32(torch::Tensor z, torch::Tensor y) {
  ampify::Autocast autocast;
  return ampify::run_in_fp32([&](torch::Tensor p, torch::Tensor t) { return probability_loss(p, t); }, torch::sigmoid(z), y);
}

// LibTorch's C++ MultiheadAttention fills a key padding mask with a float-only kernel on the
// scores that autocast computed in fp16 (bf16 on the CPU): with a mask it raises under autocast on
// any device, and runs in fp32 through ampify::run_in_fp32.
torch::Tensor attention_with_padding_mask(torch::nn::MultiheadAttention mha, torch::Tensor x, torch::Tensor pad) {
  ampify::Autocast autocast;
  auto out = std::get<0>(mha(x, x, x, pad));
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: torch::nn::MultiheadAttention with a key_padding_mask raises under autocast ("attn_output_weights.masked_fill" not implemented for 'Half'): LibTorch's C++ forward fills the mask with a float-only kernel; run the call in fp32 with ampify::run_in_fp32 [ampify-banned-under-autocast]
  // CHECK-MESSAGES: :[[@LINE-3]]:20: note: autocast is enabled by the autocast scope `autocast`
  // CHECK-FIXES: auto out = std::get<0>(ampify::run_in_fp32([&](auto &&...ampify_args) { return mha(ampify_args...); }, x, x, x, pad));
  auto weights = std::get<1>(mha->forward(x, x, x, pad.to(torch::kBool), /*need_weights=*/true));
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: torch::nn::MultiheadAttention with a key_padding_mask raises
  // CHECK-FIXES: auto weights = std::get<1>(ampify::run_in_fp32([&](auto &&...ampify_args) { return mha->forward(ampify_args...); }, x, x, x, pad.to(torch::kBool), /*need_weights=*/true));
  return out + weights.sum();
}

torch::Tensor attention_on_the_cpu(torch::nn::MultiheadAttention mha, torch::Tensor x, torch::Tensor pad) {
  ampify::Autocast autocast(c10::kCPU);
  return std::get<0>(mha->forward(x, x, x, pad));
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: torch::nn::MultiheadAttention with a key_padding_mask raises under autocast ("attn_output_weights.masked_fill" not implemented for 'BFloat16')
}

// No mask (`{}`, an empty tensor, none), a call already in fp32, or no autocast: nothing raises.
torch::Tensor attention_without_mask(torch::nn::MultiheadAttention mha, torch::Tensor x, torch::Tensor pad) {
  auto outside = std::get<0>(mha(x, x, x, pad));
  ampify::Autocast autocast;
  auto none = std::get<0>(mha(x, x, x));
  auto braces = std::get<0>(mha->forward(x, x, x, {}));
  auto empty = std::get<0>(mha->forward(x, x, x, torch::Tensor()));
  auto fp32 = std::get<0>(ampify::run_in_fp32([&](auto &&...args) { return mha(args...); }, x, x, x, pad));
  return outside + none + braces + empty + fp32;
}

// Linear algebra whose CUDA kernels have no fp16 version (NoLowPrecisionKernel.def, generated from
// the GPU conformance run): autocast does not cast their inputs, so given the fp16 output of a
// matmul under CUDA autocast they raise. Rigid alignment (the SVD head of a point-cloud
// registration net) computes exactly that.
torch::Tensor rigid_alignment(torch::Tensor src, torch::Tensor tgt, torch::Tensor w) {
  ampify::Autocast autocast;
  torch::Tensor h = torch::matmul(src, tgt.transpose(0, 1));
  auto usv = torch::linalg_svd(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: `linalg_svd` has no fp16 kernel on CUDA and raises under CUDA autocast, which leaves its input fp16 here; run the call in fp32 with ampify::run_in_fp32 [ampify-banned-under-autocast]
  // CHECK-MESSAGES: :[[@LINE-4]]:20: note: autocast is enabled by the autocast scope `autocast`
  // CHECK-FIXES: auto usv = ampify::run_in_fp32([&](auto &&...ampify_args) { return torch::linalg_svd(ampify_args...); }, h);
  torch::Tensor inv = torch::linalg_inv(torch::mm(w, w));
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: `linalg_inv` has no fp16 kernel on CUDA
  // CHECK-FIXES: torch::Tensor inv = ampify::run_in_fp32([&](auto &&...ampify_args) { return torch::linalg_inv(ampify_args...); }, torch::mm(w, w));
  torch::Tensor flipped = h.inverse();
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: `inverse` has no fp16 kernel on CUDA
  // One matrix of a batch, as the SVD head of a registration net takes it: h[0] is fp16 too.
  auto [u, s, vh] = torch::linalg_svd(h[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: `linalg_svd` has no fp16 kernel on CUDA
  return std::get<0>(usv) + inv + flipped + u;
}

// fp32 inputs reach the kernels as they are, a CPU region runs them in fp32, and a call already in
// ampify::run_in_fp32 is fp32: nothing raises.
torch::Tensor linear_algebra_that_runs(torch::Tensor src, torch::Tensor tgt) {
  torch::Tensor outside = torch::det(torch::matmul(src, tgt));
  ampify::Autocast autocast;
  torch::Tensor fp32 = torch::linalg_inv(torch::randn({3, 3}));
  torch::Tensor h = torch::matmul(src, tgt);
  torch::Tensor wrapped = std::get<0>(ampify::run_in_fp32([&](auto &&...args) { return torch::linalg_svd(args...); }, h));
  return outside + fp32 + wrapped;
}

torch::Tensor linear_algebra_on_the_cpu(torch::Tensor src, torch::Tensor tgt) {
  ampify::Autocast autocast(c10::kCPU);
  return torch::linalg_inv(torch::matmul(src, tgt));
}
