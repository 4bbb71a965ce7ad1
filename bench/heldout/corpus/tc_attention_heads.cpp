// Hand-written multi-head attention, the way C++ ports of nanoGPT write it, in three variants.
#include <torch/torch.h>

#include <cmath>

constexpr int64_t kEmbed = 480;
constexpr int64_t kHeads = 8;

struct SelfAttentionImpl : torch::nn::Module {
  SelfAttentionImpl() : c_attn(register_module("c_attn", torch::nn::Linear(kEmbed, 3 * kEmbed))) {}

  // 480 / 8 = 60 per head.
  torch::Tensor forward(torch::Tensor x) {
    const auto B = x.size(0), T = x.size(1);
    auto parts = c_attn(x).split(kEmbed, 2);
    auto q = parts[0].view({B, T, kHeads, kEmbed / kHeads}).transpose(1, 2);  // EXPECT: ampify-tensor-core-alignment
    auto k = parts[1].view({B, T, kHeads, kEmbed / kHeads}).transpose(1, 2);  // EXPECT: ampify-tensor-core-alignment
    auto v = parts[2].view({B, T, kHeads, kEmbed / kHeads}).transpose(1, 2);  // EXPECT: ampify-tensor-core-alignment
    auto att = torch::matmul(q, k.transpose(-2, -1)) * (1.0 / std::sqrt(60.0));
    att = torch::softmax(att, -1);
    return torch::matmul(att, v).transpose(1, 2).contiguous().view({B, T, kEmbed});
  }

  torch::nn::Linear c_attn;
};
TORCH_MODULE(SelfAttention);

constexpr int64_t kHeadSize = 36;  // EXPECT: ampify-tensor-core-alignment

torch::Tensor fused_heads(const torch::Tensor& x) {
  const auto B = x.size(0), T = x.size(1);
  auto q = x.reshape({B, T, 4, kHeadSize}).permute({0, 2, 1, 3});
  auto k = x.reshape({B, T, 4, kHeadSize}).permute({0, 2, 1, 3});
  auto v = x.reshape({B, T, 4, kHeadSize}).permute({0, 2, 1, 3});
  return std::get<0>(at::_scaled_dot_product_attention(q, k, v));
}

// Aligned heads, and a head size read from the checkpoint at run time: nothing to report.
torch::Tensor aligned_heads(const torch::Tensor& x, int64_t head_size) {
  const auto B = x.size(0), T = x.size(1);
  auto q = x.view({B, T, 12, 64}).transpose(1, 2);
  auto r = x.view({B, T, 12, head_size}).transpose(1, 2);
  return torch::matmul(q, q.transpose(-2, -1)) + torch::matmul(r, r.transpose(-2, -1));
}

int main() {
  SelfAttention attn;
  auto x = torch::randn({2, 16, kEmbed});
  return static_cast<int>(attn(x).size(-1) + fused_heads(torch::randn({2, 16, 144})).size(-1) +
                          aligned_heads(torch::randn({2, 16, 768}), 64).size(-1));
}
