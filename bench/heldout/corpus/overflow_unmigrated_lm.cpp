// A tiny causal language model trained in fp32. The loop has not been migrated yet; once
// `ampify fix` wraps its forward in autocast, the -1e9 causal mask overflows fp16.
#include <torch/torch.h>

#include <cmath>

struct TinyLMImpl : torch::nn::Module {
  TinyLMImpl(int64_t vocab, int64_t dim)
      : emb(register_module("emb", torch::nn::Embedding(vocab, dim))),
        q(register_module("q", torch::nn::Linear(dim, dim))),
        k(register_module("k", torch::nn::Linear(dim, dim))),
        v(register_module("v", torch::nn::Linear(dim, dim))),
        lm_head(register_module("lm_head", torch::nn::Linear(dim, vocab))) {}

  torch::Tensor forward(const torch::Tensor& tokens) {
    auto h = emb(tokens);
    auto T = tokens.size(1);
    auto att = torch::matmul(q(h), k(h).transpose(1, 2)) * (1.0 / std::sqrt(double(h.size(-1))));
    auto causal = torch::ones({T, T}, tokens.options().dtype(torch::kBool)).tril().logical_not();
    att = att.masked_fill(causal, -1e9); // EXPECT: ampify-fp16-overflow-constant
    att = torch::softmax(att, -1);
    return lm_head(torch::matmul(att, v(h)));
  }

  torch::nn::Embedding emb;
  torch::nn::Linear q, k, v, lm_head;
};
TORCH_MODULE(TinyLM);

int main() {
  torch::manual_seed(0);
  TinyLM model(32000, 256);
  model->to(torch::kCUDA);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3));
  auto data = torch::randint(0, 32000, {64, 65}, torch::TensorOptions().dtype(torch::kLong).device(torch::kCUDA));
  for (int step = 0; step < 200; ++step) {
    auto inputs = data.slice(1, 0, 64);
    auto targets = data.slice(1, 1, 65);
    auto logits = model(inputs);
    auto loss = torch::nn::functional::cross_entropy(logits.reshape({-1, 32000}), targets.reshape({-1}));
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
  }
}
