// Multi-head self-attention written by hand, with the classic -1e9 padding mask.
// The training step runs the model inside ampify::Autocast, so `scores` is fp16.
#include <torch/torch.h>
#include <ampify/amp.h>

#include <cmath>

struct SelfAttentionImpl : torch::nn::Module {
  SelfAttentionImpl(int64_t d_model, int64_t heads)
      : heads_(heads), head_dim_(d_model / heads),
        qkv(register_module("qkv", torch::nn::Linear(d_model, 3 * d_model))),
        out(register_module("out", torch::nn::Linear(d_model, d_model))) {}

  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& pad_mask) {
    auto B = x.size(0), T = x.size(1);
    auto parts = qkv(x).view({B, T, 3, heads_, head_dim_}).permute({2, 0, 3, 1, 4});
    auto q = parts[0], k = parts[1], v = parts[2];
    auto scores = torch::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(head_dim_));
    scores = scores.masked_fill(pad_mask.view({B, 1, 1, T}), -1e9); // EXPECT: ampify-fp16-overflow-constant
    auto attn = torch::softmax(scores, -1);
    auto ctx = torch::matmul(attn, v).transpose(1, 2).reshape({B, T, -1});
    return out(ctx);
  }

  int64_t heads_, head_dim_;
  torch::nn::Linear qkv, out;
};
TORCH_MODULE(SelfAttention);

void train_step(SelfAttention& attn, torch::nn::Linear& head, torch::optim::AdamW& opt,
                ampify::GradScaler& scaler, const torch::Tensor& x, const torch::Tensor& mask,
                const torch::Tensor& y) {
  opt.zero_grad();
  torch::Tensor loss;
  {
    ampify::Autocast autocast;
    auto h = attn(x, mask);
    loss = torch::nn::functional::cross_entropy(head(h.mean(1)), y);
  }
  scaler.scale(loss).backward();
  scaler.step(opt);
  scaler.update();
}

int main() {
  SelfAttention attn(512, 8);
  torch::nn::Linear head(512, 10);
  std::vector<torch::Tensor> params = attn->parameters();
  for (auto& p : head->parameters()) params.push_back(p);
  torch::optim::AdamW opt(params, torch::optim::AdamWOptions(3e-4));
  ampify::GradScaler scaler;
  auto x = torch::randn({16, 128, 512});
  auto mask = torch::zeros({16, 128}, torch::kBool);
  auto y = torch::randint(0, 10, {16});
  for (int i = 0; i < 100; ++i) train_step(attn, head, opt, scaler, x, mask, y);
}
