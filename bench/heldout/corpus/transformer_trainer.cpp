// A class-based trainer for a small transformer encoder with several AMP hazards at once.
#include <torch/torch.h>
#include <ampify/amp.h>

#include <cmath>

struct EncoderLayerImpl : torch::nn::Module {
  EncoderLayerImpl(int64_t d, int64_t h)
      : heads(h), qkv(register_module("qkv", torch::nn::Linear(d, 3 * d))),
        proj(register_module("proj", torch::nn::Linear(d, d))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({d})))) {}

  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& key_padding) {
    auto B = x.size(0), T = x.size(1), D = x.size(2);
    auto chunks = qkv(norm(x)).chunk(3, -1);
    auto q = chunks[0].view({B, T, heads, D / heads}).transpose(1, 2);
    auto k = chunks[1].view({B, T, heads, D / heads}).transpose(1, 2);
    auto v = chunks[2].view({B, T, heads, D / heads}).transpose(1, 2);
    auto att = torch::matmul(q, k.transpose(-2, -1)) * (1.0 / std::sqrt(double(D / heads)));
    att.masked_fill_(key_padding.view({B, 1, 1, T}), -1e9); // EXPECT: ampify-fp16-overflow-constant
    auto y = torch::matmul(torch::softmax(att, -1), v).transpose(1, 2).reshape({B, T, D});
    return x + proj(y);
  }

  int64_t heads;
  torch::nn::Linear qkv, proj;
  torch::nn::LayerNorm norm;
};
TORCH_MODULE(EncoderLayer);

class Trainer {
 public:
  Trainer() : layer_(256, 8), head_(256, 16), opt_(collect(), torch::optim::AdamWOptions(1e-4)) {}

  float train_step(const torch::Tensor& x, const torch::Tensor& pad, const torch::Tensor& y) {
    opt_.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast;
      auto pooled = layer_(x, pad).mean(1);
      auto logits = head_(pooled);
      check_logits(logits);
      loss = torch::nn::functional::cross_entropy(logits, y);
    }
    scaler_.scale(loss).backward();
    torch::nn::utils::clip_grad_norm_(layer_->parameters(), 1.0); // EXPECT: ampify-scaler-misuse
    scaler_.step(opt_);
    scaler_.update();
    return loss.item<float>();
  }

 private:
  static void check_logits(const torch::Tensor& logits) {
    TORCH_CHECK(logits.scalar_type() == torch::kFloat32, "logits must be fp32"); // EXPECT: ampify-dtype-assumption
  }
  std::vector<torch::Tensor> collect() {
    auto p = layer_->parameters();
    for (auto& t : head_->parameters()) p.push_back(t);
    return p;
  }

  EncoderLayer layer_;
  torch::nn::Linear head_;
  torch::optim::AdamW opt_;
  ampify::GradScaler scaler_;
};
