// A small Transformer encoder language model (causal mask filled with a large negative constant,
// LayerNorm), on seeded synthetic sequences from a Markov chain, trained in plain fp32.
#include "example_report.h"

#include <cmath>
#include <ampify/amp.h>

struct AttentionImpl : torch::nn::Module {
  AttentionImpl(int64_t dim, int64_t heads)
      : heads(heads), qkv(register_module("qkv", torch::nn::Linear(dim, 3 * dim))),
        out(register_module("out", torch::nn::Linear(dim, dim))) {}
  torch::Tensor forward(torch::Tensor x, torch::Tensor mask) {
    auto b = x.size(0), t = x.size(1), d = x.size(2);
    auto parts = torch::linear(x, qkv->weight, qkv->bias).view({b, t, 3, heads, d / heads}).permute({2, 0, 3, 1, 4});
    auto q = parts[0], k = parts[1], v = parts[2];
    auto scores = torch::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d / heads));
    scores = scores.masked_fill(mask, -65504.0);
    auto attn = torch::softmax(scores, -1);
    auto y = torch::matmul(attn, v).transpose(1, 2).reshape({b, t, d});
    return torch::linear(y, out->weight, out->bias);
  }
  int64_t heads;
  torch::nn::Linear qkv, out;
};
TORCH_MODULE(Attention);

struct LayerImpl : torch::nn::Module {
  LayerImpl(int64_t dim, int64_t heads)
      : ln1(register_module("ln1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))),
        attn(register_module("attn", Attention(dim, heads))),
        ln2(register_module("ln2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))),
        fc1(register_module("fc1", torch::nn::Linear(dim, 4 * dim))),
        fc2(register_module("fc2", torch::nn::Linear(4 * dim, dim))) {}
  torch::Tensor forward(torch::Tensor x, torch::Tensor mask) {
    x = x + attn->forward(ln1(x), mask);
    return x + torch::linear(torch::gelu(torch::linear(ln2(x), fc1->weight, fc1->bias)), fc2->weight, fc2->bias);
  }
  torch::nn::LayerNorm ln1;
  Attention attn;
  torch::nn::LayerNorm ln2;
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Layer);

struct LanguageModelImpl : torch::nn::Module {
  LanguageModelImpl(int64_t vocab, int64_t dim, int64_t heads, int64_t depth, int64_t context)
      : tokens(register_module("tokens", torch::nn::Embedding(vocab, dim))),
        positions(register_module("positions", torch::nn::Embedding(context, dim))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))),
        head(register_module("head", torch::nn::Linear(dim, vocab))) {
    for (int64_t i = 0; i < depth; ++i)
      layers.push_back(register_module("layer" + std::to_string(i), Layer(dim, heads)));
  }
  torch::Tensor forward(torch::Tensor ids) {
    auto t = ids.size(1);
    auto pos = torch::arange(t, ids.options());
    auto x = tokens(ids) + positions(pos);
    auto mask = torch::ones({t, t}, ids.options().dtype(torch::kBool)).triu(1);
    for (auto &layer : layers)
      x = layer->forward(x, mask);
    return torch::linear(norm(x), head->weight, head->bias);
  }
  torch::nn::Embedding tokens, positions;
  std::vector<Layer> layers;
  torch::nn::LayerNorm norm;
  torch::nn::Linear head;
};
TORCH_MODULE(LanguageModel);

int main(int argc, char **argv) {
  auto config = example::parse(argc, argv);
  torch::manual_seed(0);
  const int64_t vocab = 8192, dim = 512, heads = 8, depth = 4, context = 256, batch = 32;
  // Sequences follow a fixed random successor table 90% of the time.
  auto successor = torch::randperm(vocab, torch::TensorOptions().dtype(torch::kLong).device(config.device));
  auto make_batch = [&] {
    auto seq = torch::empty({batch, context + 1}, torch::TensorOptions().dtype(torch::kLong).device(config.device));
    seq.select(1, 0).copy_(torch::randint(vocab, {batch}, seq.options()));
    for (int64_t i = 1; i <= context; ++i) {
      auto follow = successor.index_select(0, seq.select(1, i - 1));
      auto noise = torch::randint(vocab, {batch}, seq.options());
      auto keep = torch::rand({batch}, torch::TensorOptions().device(config.device)) < 0.9;
      seq.select(1, i).copy_(torch::where(keep, follow, noise));
    }
    return seq;
  };
  std::vector<torch::Tensor> data;
  for (int i = 0; i < 16; ++i)
    data.push_back(make_batch());

  LanguageModel model(vocab, dim, heads, depth, context);
  model->to(config.device);
  torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(3e-4));
  example::Report report(config);

  ampify::GradScaler scaler;
  for (int step = 0; step < config.steps; ++step) {
    auto seq = data[step % data.size()];
    auto input = seq.narrow(1, 0, context), target = seq.narrow(1, 1, context);
    optimizer.zero_grad();
    ampify::Autocast autocast(ampify::AutocastOptions(config.device.type()).dtype(at::kHalf));
    auto logits = model->forward(input);
    auto loss = torch::nn::functional::cross_entropy(logits.reshape({-1, vocab}), target.reshape({-1}));
    autocast.exit();
    scaler.scale(loss).backward();
    scaler.step(optimizer);
    scaler.update();
    report.step(loss);
  }
  report.write();
}
