// Ordinary fp32 LibTorch code with no mixed-precision hazard: large and small constants on
// float32 tensors, dtype checks, float kernels and in-place ops are all fine here.
#include <torch/torch.h>

template <typename T> void kernel(T *data, int64_t n);

torch::Tensor attention(torch::Tensor q, torch::Tensor k, torch::Tensor mask) {
  auto scores = torch::matmul(q, k.transpose(0, 1));
  scores = scores.masked_fill(mask, -1e9);
  auto probs = torch::softmax(scores, -1);
  return torch::log(probs + 1e-8);
}

void launch(torch::Tensor x) {
  TORCH_CHECK(x.scalar_type() == at::kFloat, "launch expects float");
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "launch", [&] { kernel<scalar_t>(x.data_ptr<scalar_t>(), x.numel()); });
  float *raw = x.data_ptr<float>();
  kernel(raw, x.numel());
}

void train(torch::nn::Linear model, torch::Tensor x, torch::Tensor y) {
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3).eps(1e-8));
  for (int i = 0; i < 10; ++i) {
    optimizer.zero_grad();
    auto out = model(x);
    auto loss = torch::mse_loss(out, y);
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    optimizer.step();
  }
  launch(model(x).to(torch::kFloat));
}

// In-place ops outside any training loop or autocast region stay in fp32 (inside the forward of
// a loop that `ampify fix` would migrate, ampify-inplace-not-autocast would report this).
torch::Tensor postprocess(torch::nn::Linear model, torch::Tensor x) {
  auto out = model(x);
  out.exp_();
  return out;
}

torch::Tensor infer_half(torch::nn::Linear model, torch::Tensor x) {
  model->to(torch::kHalf);
  torch::NoGradGuard no_grad;
  return model(x.to(torch::kHalf)).to(torch::kFloat);
}
