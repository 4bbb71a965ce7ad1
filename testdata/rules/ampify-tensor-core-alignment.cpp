// AMPIFY: check --checks=-*,ampify-tensor-core-alignment
#include <torch/torch.h>

#include <functional>
#include <iostream>
#include <memory>
#include <sstream>

constexpr int64_t kVocab = 50257;
constexpr int64_t kHidden = 2047;
#define FFN_WIDTH 4095
enum Sizes { kEmbed = 768 };

// A GPT-style model: the embedding table is also the vocabulary projection.
struct GPT : torch::nn::Module {
  GPT() {
    tok = register_module("tok", torch::nn::Embedding(kVocab, kEmbed));
  // One finding per constant, at its definition (line 6), with each use as a note.
  // CHECK-MESSAGES: :[[@LINE-10]]:19: warning: `kVocab` = 50257 is not a multiple of 8 and sizes 2 GEMM dimensions (num_embeddings of Embedding `tok` (a Linear in this file projects to the same vocabulary), out_features of Linear `lm_head`), which run on slower kernels when misaligned; consider 50264 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-3]]:55: note: `kVocab` is used here as num_embeddings of Embedding `tok` (a Linear in this file projects to the same vocabulary): N of the vocabulary projection that shares the table
  // CHECK-MESSAGES: :[[@LINE+7]]:68: note: `kVocab` is used here as out_features of Linear `lm_head`: N of the layer's GEMM
    ffn = register_module("ffn", torch::nn::Linear(kEmbed, FFN_WIDTH));
  // CHECK-MESSAGES: :[[@LINE-12]]:19: warning: `FFN_WIDTH` = 4095 is not a multiple of 8 and sizes out_features of Linear `ffn`, N of the layer's GEMM, which runs on slower kernels when misaligned; consider 4096 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-2]]:60: note: `FFN_WIDTH` is used here as out_features of Linear `ffn`: N of the layer's GEMM
    proj = register_module("proj", torch::nn::Linear(torch::nn::LinearOptions(1024, 2 * kHidden + 1).bias(false)));
  // CHECK-MESSAGES: :[[@LINE-1]]:85: warning: out_features = 4095 of Linear `proj` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 4096 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-17]]:19: note: `kHidden` is 2047
    lm_head = register_module("lm_head", torch::nn::Linear(kEmbed, kVocab));
  }
  torch::nn::Embedding tok{nullptr};
  torch::nn::Linear ffn{nullptr}, proj{nullptr}, lm_head{nullptr};
};

// Literal dimensions of every layer kind.
struct Layers : torch::nn::Module {
  torch::nn::Linear fc{784, 100};
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: out_features = 100 of Linear `fc` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  torch::nn::Conv2d stem{torch::nn::Conv2dOptions(3, 100, 3).stride(1)};
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: out_channels = 100 of Conv2d `stem` is not a multiple of 8: it is N of the convolution's implicit GEMM, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  torch::nn::Conv2d conv{64, 100, 3};
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: out_channels = 100 of Conv2d `conv` is not a multiple of 8: it is N of the convolution's implicit GEMM, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  torch::nn::ConvTranspose2d up{100, 64, 3};
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: in_channels = 100 of ConvTranspose2d `up` is not a multiple of 8: it is K of the convolution's implicit GEMM, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  torch::nn::Conv1d conv1d{torch::nn::Conv1dOptions(64, 130, 3)};
  // CHECK-MESSAGES: :[[@LINE-1]]:57: warning: out_channels = 130 of Conv1d `conv1d` is not a multiple of 8: it is N of the convolution's implicit GEMM, which runs on slower kernels when misaligned; consider 136 [ampify-tensor-core-alignment]
  torch::nn::LSTM lstm{torch::nn::LSTMOptions(300, 500)};
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: input_size = 300 of LSTM `lstm` is not a multiple of 8: it is K of the input-to-hidden GEMM, which runs on slower kernels when misaligned; consider 304 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-2]]:52: warning: hidden_size = 500 of LSTM `lstm` is not a multiple of 8: it is N of the gate GEMMs and K of the hidden-to-hidden GEMM, which runs on slower kernels when misaligned; consider 504 [ampify-tensor-core-alignment]
  torch::nn::GRU gru{256, 250};
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: hidden_size = 250 of GRU `gru` is not a multiple of 8: it is N of the gate GEMMs and K of the hidden-to-hidden GEMM, which runs on slower kernels when misaligned; consider 256 [ampify-tensor-core-alignment]
  torch::nn::MultiheadAttention attention{600, 10};
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: head dim (embed_dim / num_heads = 600 / 10) = 60 of MultiheadAttention `attention` is not a multiple of 8: it is K of Q*K^T and N of attention*V in every head, which runs on slower kernels when misaligned; consider 64 [ampify-tensor-core-alignment]
  torch::nn::MultiheadAttention narrow{100, 4};
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: embed_dim = 100 of MultiheadAttention `narrow` is not a multiple of 8: it is K and N of the attention's input and output projections, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-2]]:40: warning: head dim (embed_dim / num_heads = 100 / 4) = 25 of MultiheadAttention `narrow` is not a multiple of 8: it is K of Q*K^T and N of attention*V in every head, which runs on slower kernels when misaligned; consider 32 [ampify-tensor-core-alignment]
  torch::nn::Bilinear bilinear{100, 64, 64};
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: in1_features = 100 of Bilinear `bilinear` is not a multiple of 8: it is a reduction dimension of the bilinear GEMM, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  std::shared_ptr<torch::nn::LinearImpl> shared = std::make_shared<torch::nn::LinearImpl>(256, 1001);
  // CHECK-MESSAGES: :[[@LINE-1]]:96: warning: out_features = 1001 of Linear `shared` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 1008 [ampify-tensor-core-alignment]
};

// A module whose constructor takes the width: evaluated at each construction in this file.
struct Net : torch::nn::Module {
  explicit Net(int64_t hidden = 100) { body = register_module("body", torch::nn::Linear(512, hidden)); }
  // CHECK-MESSAGES: :[[@LINE-1]]:94: warning: out_features = 100 of Linear `body` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+89]]:7: note: `hidden` (its default argument) at this call of `Net` is 100
  // CHECK-MESSAGES: :[[@LINE-3]]:94: warning: out_features = 50 of Linear `body` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 56 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+86]]:13: note: `hidden` at this call of `Net` is 50
  torch::nn::Linear body{nullptr};
};

torch::nn::Sequential make_mlp(int64_t width) {
  return torch::nn::Sequential(torch::nn::Linear(512, width), torch::nn::ReLU());
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: out_features = 130 of Linear is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 136 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+82]]:23: note: `width` at this call of `make_mlp` is 130
}

// Members initialised with constants, a constexpr config struct, a local never written again.
struct Config {
  int64_t d_model = 520;
  int64_t ffn = 2052;
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: `Config::ffn` = 2052 is not a multiple of 8 and sizes out_features of Linear `ff`, N of the layer's GEMM, which runs on slower kernels when misaligned; consider 2056 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+12]]:67: note: `Config::ffn` is used here as out_features of Linear `ff`: N of the layer's GEMM
};
constexpr Config kConfig{};
  // CHECK-MESSAGES: :[[@LINE-1]]:18: note: `kConfig.ffn` is 2052

struct Configured : torch::nn::Module {
  int64_t in_ = 1000;
  int64_t out_;
  Configured() : out_(1001) {
    fc = register_module("fc", torch::nn::Linear(in_, out_));
  // CHECK-MESSAGES: :[[@LINE-2]]:23: warning: member `out_` = 1001 is not a multiple of 8 and sizes out_features of Linear `fc`, N of the layer's GEMM, which runs on slower kernels when misaligned; consider 1008 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-2]]:55: note: member `out_` is used here as out_features of Linear `fc`: N of the layer's GEMM
    ff = register_module("ff", torch::nn::Linear(kConfig.d_model, kConfig.ffn));
    int64_t width = 1000;
    wide = register_module("wide", torch::nn::Linear(width, width + 2));
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: out_features = 1002 of Linear `wide` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 1008 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-3]]:13: note: `width` is 1000
  }
  torch::nn::Linear fc{nullptr}, ff{nullptr}, wide{nullptr};
};

// Weight tying: the table doubles as the output projection.
struct Tied : torch::nn::Module {
  Tied() {
    emb = register_module("emb", torch::nn::Embedding(30001, 512));
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: num_embeddings = 30001 of Embedding `emb` (the table is tied to the output projection) is not a multiple of 8: it is N of the vocabulary projection that shares the table, which runs on slower kernels when misaligned; consider 30008 [ampify-tensor-core-alignment]
    head = register_module("head", torch::nn::Linear(512, 30001));
  // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: out_features = 30001 of Linear `head` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 30008 [ampify-tensor-core-alignment]
    head->weight = emb->weight;
  }
  torch::nn::Embedding emb{nullptr};
  torch::nn::Linear head{nullptr};
};

// Literal tensors flowing into GEMMs.
torch::Tensor products(torch::Tensor x) {
  auto a = torch::randn({8192, 4095});
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: K = 4095 of the first operand of `at::mm` is not a multiple of 8: it is the reduction dimension, which runs on slower kernels when misaligned; consider 4096 [ampify-tensor-core-alignment]
  auto b = torch::randn({4095, 4096});
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: K = 4095 of the second operand of `at::mm` is not a multiple of 8: it is the reduction dimension, which runs on slower kernels when misaligned; consider 4096 [ampify-tensor-core-alignment]
  auto w = torch::randn({50257, 768}).to(torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: N = 50257 of the second operand of `torch::nn::functional::linear` is not a multiple of 8: it is the output columns, which runs on slower kernels when misaligned; consider 50264 [ampify-tensor-core-alignment]
  return torch::mm(a, b) + torch::nn::functional::linear(x, w) + x.matmul(torch::randn({4096, 100}).t());
  // CHECK-MESSAGES: :[[@LINE-1]]:95: warning: K = 100 of the second operand of `at::Tensor::matmul` is not a multiple of 8: it is the reduction dimension, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
}

// Negative cases: multiples of 8, below MinDim, image channels, regression heads, unknown values.
struct Clean : torch::nn::Module {
  torch::nn::Linear aligned{512, 1024};
  torch::nn::Conv2d rgb{3, 64, 7};
  torch::nn::Conv2d gray{1, 32, 3};
  torch::nn::Linear classes{512, 10};
  torch::nn::Linear regression{512, 1};
  torch::nn::MultiheadAttention heads{768, 12};
  torch::nn::Embedding table{32001, 768}; // no projection to 32001 entries: only embedding_dim counts
};

torch::nn::Linear unknown(int64_t in, int64_t out) { return torch::nn::Linear(in, out); }

int64_t read_width();

void runtime_values(int argc) {
  int64_t w = 100;
  w = read_width();
  torch::nn::Linear a(w, 512);
  torch::nn::Linear b(argc, 512);
  auto loader_options = torch::data::DataLoaderOptions().batch_size(100);
  auto batch = torch::mm(torch::randn({100, 512}), torch::randn({512, 512}));
}

int main() {
  Net small(50);
  Net defaulted;
  auto mlp = make_mlp(200);
  auto odd = make_mlp(130);
  return 0;
}

// One finding per cause: a misaligned constant is reported once, at its definition, with each
// dimension it sizes as a note (issue 16: kModel = 252 and kVocab = 50257 gave 11 warnings). A
// literal keeps a finding of its own at each use.
constexpr int64_t kModel = 252;
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: `kModel` = 252 is not a multiple of 8 and sizes 9 GEMM dimensions (embedding_dim of Embedding `tok`, in_features of Linear `q`, out_features of Linear `q`, in_features of Linear `k`, out_features of Linear `k`, in_features of Linear `v`, out_features of Linear `v`, in_features of Linear `up`, out_features of Linear `down`), which run on slower kernels when misaligned; consider 256 [ampify-tensor-core-alignment]
// CHECK-MESSAGES: :[[@LINE+6]]:40: note: `kModel` is used here as embedding_dim of Embedding `tok`: K of the GEMMs that consume the embeddings
// CHECK-MESSAGES: :[[@LINE+6]]:31: note: `kModel` is used here as out_features of Linear `q`: N of the layer's GEMM
constexpr int64_t kVocabSize = 50257;
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: `kVocabSize` = 50257 is not a multiple of 8 and sizes 2 GEMM dimensions (num_embeddings of Embedding `tok` (a Linear in this file projects to the same vocabulary), out_features of Linear `lm`), which run on slower kernels when misaligned; consider 50264 [ampify-tensor-core-alignment]

struct LanguageModel : torch::nn::Module {
  torch::nn::Embedding tok{kVocabSize, kModel};
  torch::nn::Linear q{kModel, kModel}, k{kModel, kModel}, v{kModel, kModel};
  torch::nn::Linear up{kModel, 1024}, down{1024, kModel};
  torch::nn::Linear lm{1024, kVocabSize};
  torch::nn::Linear first{512, 1001}, second{512, 1001};
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: out_features = 1001 of Linear `first` is not a multiple of 8
  // CHECK-MESSAGES: :[[@LINE-2]]:51: warning: out_features = 1001 of Linear `second` is not a multiple of 8
};

// A dimension from a default argument is evaluated at each call (issue 16, item 2).
torch::nn::Linear make_head(int64_t in, int64_t out = 1001) { return torch::nn::Linear(in, out); }
// CHECK-MESSAGES: :[[@LINE-1]]:88: warning: in_features = 250 of Linear is not a multiple of 8
// CHECK-MESSAGES: :[[@LINE+5]]:52: note: `in` at this call of `make_head` is 250
// CHECK-MESSAGES: :[[@LINE-3]]:92: warning: out_features = 1001 of Linear is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 1008 [ampify-tensor-core-alignment]
// CHECK-MESSAGES: :[[@LINE+2]]:36: note: `out` (its default argument) at this call of `make_head` is 1001

torch::nn::Linear heads() { return make_head(256); }
torch::nn::Linear narrow_head() { return make_head(250, 1024); }

// Hand-written attention (issue 16, item 3): the head dim of a view into {B, T, heads, head_dim}
// that reaches matmul or scaled_dot_product_attention is K of Q*K^T and N of attention*V.
constexpr int64_t kHeadDim = 60;
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: `kHeadDim` = 60 is not a multiple of 8 and sizes 3 GEMM dimensions (head dim of the `view` into attention heads, head dim of the `view` into attention heads, head dim of the `view` into attention heads), which run on slower kernels when misaligned; consider 64 [ampify-tensor-core-alignment]
// CHECK-MESSAGES: :[[@LINE+6]]:35: note: `kHeadDim` is used here as head dim of the `view` into attention heads: K of Q*K^T and N of attention*V in every head
constexpr int64_t kEmbd = 600, kNHead = 10;

torch::Tensor causal_attention(torch::Tensor x, int64_t B, int64_t T) {
  auto qkv = x.chunk(3, -1);
  auto q = qkv[0].view({B, T, 10, kHeadDim}).transpose(1, 2);
  auto k = qkv[1].view({B, T, 10, kHeadDim}).transpose(1, 2);
  auto v = qkv[2].view({B, T, 10, kHeadDim}).transpose(1, 2);
  auto att = torch::softmax(q.matmul(k.transpose(-2, -1)), -1);
  auto y = att.matmul(v);
  auto q2 = x.reshape({B, T, kNHead, kEmbd / kNHead}).permute({0, 2, 1, 3});
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: head dim = 60 of the `reshape` into attention heads is not a multiple of 8: it is K of Q*K^T and N of attention*V in every head, which runs on slower kernels when misaligned; consider 64 [ampify-tensor-core-alignment]
  auto q3 = x.view({B, T, 4, 100}).transpose(1, 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: head dim = 100 of the `view` into attention heads is not a multiple of 8
#if TORCH_VERSION_MAJOR >= 2
  auto fused = at::scaled_dot_product_attention(q3, q3, q3);
#else
  auto fused = std::get<0>(at::_scaled_dot_product_attention(q3, q3, q3));
#endif
  return y + torch::matmul(q2, q2.transpose(-2, -1)) + fused;
}

// Negative cases: aligned or small head dims, a 3-d view, a view that reaches no attention
// product, a head dim known only at run time.
torch::Tensor attention_clean(torch::Tensor x, int64_t B, int64_t T, int64_t head_dim) {
  auto q = x.view({B, T, 12, 64}).transpose(1, 2);
  auto small = x.view({B, T, 4, 12}).transpose(1, 2);
  auto flat = x.view({B, T, 100});
  auto summed = x.view({B, T, 4, 100}).sum();
  auto dynamic = x.view({B, T, 4, head_dim}).transpose(1, 2);
  return q.matmul(q.transpose(-2, -1)) + small.matmul(small.transpose(-2, -1)) + flat.matmul(flat) + summed +
         dynamic.matmul(dynamic.transpose(-2, -1));
}

// A macro that scales sizes: `SCALE * 25` is computed at each use, so each use is reported
// (SCALE itself, 2, is no size); a macro whose whole body is the size, even through another
// macro, is reported once at its definition.
#define SCALE 2
#define POOLED (SCALE * 25)
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: `POOLED` = 50 is not a multiple of 8 and sizes 2 GEMM dimensions (in_features of Linear `head`, in_features of Linear `tail`), which run on slower kernels when misaligned; consider 56 [ampify-tensor-core-alignment]
// CHECK-MESSAGES: :[[@LINE-3]]:15: note: `SCALE` is 2
// CHECK-MESSAGES: :[[@LINE+9]]:26: note: `POOLED` is used here as in_features of Linear `head`: K (the reduction) of the layer's GEMM
// CHECK-MESSAGES: :[[@LINE+9]]:26: note: `POOLED` is used here as in_features of Linear `tail`: K (the reduction) of the layer's GEMM
struct MacroScaled : torch::nn::Module {
  torch::nn::Conv1d conv{torch::nn::Conv1dOptions(40, SCALE * 25, 3)};
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: out_channels = 50 of Conv1d `conv` is not a multiple of 8: it is N of the convolution's implicit GEMM, which runs on slower kernels when misaligned; consider 56 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-9]]:15: note: `SCALE` is 2
  torch::nn::Linear attend{SCALE * 25, 1};
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: in_features = 50 of Linear `attend` is not a multiple of 8
  // CHECK-MESSAGES: :[[@LINE-12]]:15: note: `SCALE` is 2
  torch::nn::Linear head{POOLED, 16};
  torch::nn::Linear tail{POOLED, 32};
};

// A config struct built by default and then assigned member by member: the size is the last
// assignment that always runs before the model is built; one made after it, or on one path only,
// gives nothing.
struct ProbeConfig {
  int64_t width = 64;
  int64_t classes = 0;
};
struct Probe : torch::nn::Module {
  explicit Probe(const ProbeConfig &cfg) : fc(cfg.width, cfg.classes) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: out_features = 17 of Linear `fc` is not a multiple of 8
  // CHECK-MESSAGES: :[[@LINE+7]]:3: note: `cfg.classes` is 17
  // CHECK-MESSAGES: :[[@LINE+7]]:15: note: `cfg.classes` at this call of `Probe` is 17
  torch::nn::Linear fc;
};
void build_probes(bool wide) {
  ProbeConfig cfg;
  cfg.classes = 12;
  cfg.classes = 17;
  Probe probe(cfg);
  cfg.classes = 30;
  ProbeConfig maybe;
  maybe.classes = 32;
  if (wide)
    maybe.width = 100;
  Probe other(maybe);
}

// Options written in LibTorch's builder style (TORCH_ARG): the size a setter gives, or the
// member's default, reaches the layer through a member copy and its accessor. The member copy
// holds what the constructor's caller passes: no constant of its own, so the value is reported
// at the layer, as one computed from a parameter is.
struct HeadOptions {
  explicit HeadOptions(int64_t in) : in_(in) {}
  TORCH_ARG(int64_t, in);
  TORCH_ARG(int64_t, classes) = 16;
};
struct Head : torch::nn::Module {
  explicit Head(const HeadOptions &options) : options_(options), fc(options_.in(), options_.classes()) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:84: warning: out_features = 30 of Linear `fc` is not a multiple of 8
  // CHECK-MESSAGES: :[[@LINE+7]]:29: note: `classes_` set by `classes` is 30
  // CHECK-MESSAGES: :[[@LINE+6]]:13: note: `options.classes_` at this call of `Head` is 30
  // CHECK-MESSAGES: :[[@LINE-4]]:47: note: member `options_.classes_` is 30
  HeadOptions options_;
  torch::nn::Linear fc;
};
void build_heads() {
  Head head(HeadOptions(64).classes(30));
}

// Nested config structs: a member of a struct inside another, read directly, through a const
// reference and through a pointer to const, as assigned before the model is built or by default.
struct EncoderSizes {
  int64_t hidden = 64;
  int64_t ffn = 256;
};
struct ModelSizes {
  EncoderSizes encoder;
  int64_t out = 32;
};
struct Nested : torch::nn::Module {
  explicit Nested(const ModelSizes &cfg) : in(cfg.encoder.hidden, cfg.out) {
    // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: in_features = 100 of Linear `in` is not a multiple of 8
    // CHECK-MESSAGES: :[[@LINE+14]]:3: note: `cfg.encoder.hidden` is 100
    // CHECK-MESSAGES: :[[@LINE+14]]:17: note: `cfg.encoder.hidden` at this call of `Nested` is 100
    const EncoderSizes &enc = cfg.encoder;
    const EncoderSizes *sizes = &cfg.encoder;
    ffn = torch::nn::Linear(enc.ffn, sizes->hidden);
    // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: out_features = 100 of Linear `ffn` is not a multiple of 8
    // CHECK-MESSAGES: :[[@LINE+8]]:3: note: `cfg.encoder.hidden` is 100
    // CHECK-MESSAGES: :[[@LINE+8]]:17: note: `cfg.encoder.hidden` at this call of `Nested` is 100
    // CHECK-MESSAGES: :[[@LINE-5]]:25: note: `sizes->hidden` is 100
  }
  torch::nn::Linear in, ffn{nullptr};
};
void build_nested() {
  ModelSizes cfg;
  cfg.encoder.hidden = 100;
  Nested nested(cfg);
}

// An embedding built in the constructor's member-initialiser list and tied to the output
// projection: its vocabulary is a GEMM dimension.
struct TiedLM : torch::nn::Module {
  TiedLM() : embed(register_module("embed", torch::nn::Embedding(30001, 512))) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:66: warning: num_embeddings = 30001 of Embedding `embed` (the table is tied to the output projection) is not a multiple of 8
  torch::Tensor forward(torch::Tensor tokens) { return torch::linear(embed(tokens), embed->weight); }
  torch::nn::Embedding embed;
};

// An MLP builder: the width the loop carries to the next layer (`prev = width`) is the previous
// element inside the loop, and the last one in the head after it.
torch::nn::Sequential make_mlp(int64_t in, const std::vector<int64_t> &hidden, int64_t out) {
  torch::nn::Sequential net;
  int64_t prev = in;
  for (const int64_t width : hidden) {
    net->push_back(torch::nn::Linear(prev, width));
    // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: out_features = 50 of Linear is not a multiple of 8
    // CHECK-MESSAGES: :[[@LINE+11]]:30: note: an element of `hidden` at this call of `make_mlp` is 50
    net->push_back(torch::nn::ReLU());
    prev = width;
  }
  net->push_back(torch::nn::Linear(prev, out));
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: in_features = 50 of Linear is not a multiple of 8
  // CHECK-MESSAGES: :[[@LINE+5]]:30: note: an element of `hidden` at this call of `make_mlp` is 50
  // CHECK-MESSAGES: :[[@LINE-3]]:36: note: `prev` (the element the loop at line {{[0-9]+}} stores in it) is 50
  return net;
}
void build_mlps() {
  auto policy = make_mlp(64, {128, 50}, 8);
  auto value = make_mlp(32, {64, 64}, 16);
}

// A variable that is not const but never written is its value where it is used: reported at each
// layer, as a literal passed there (only a const/constexpr variable is a constant to pad once).
void never_written_locals() {
  int64_t embedding_dim = 50;
  torch::nn::Linear project(embedding_dim, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: in_features = 50 of Linear `project` is not a multiple of 8
  // CHECK-MESSAGES: :[[@LINE-3]]:11: note: `embedding_dim` is 50
  torch::nn::Linear expand(64, embedding_dim);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: out_features = 50 of Linear `expand` is not a multiple of 8
  // CHECK-MESSAGES: :[[@LINE-6]]:11: note: `embedding_dim` is 50
}

// Read from the input, a variable holds what was read, not its initialiser: unknown.
void sizes_read_from_input(const std::string &text) {
  int64_t hidden = 100;
  std::cin >> hidden;
  torch::nn::Linear read(64, hidden);
  int64_t width = 100;
  std::istringstream fields(text);
  fields >> width;
  torch::nn::Linear parsed(64, width);
  // A temporary stream: the library's rvalue-stream operator>> forwards the variable to it.
  int64_t columns = 100;
  std::istringstream(text) >> columns;
  torch::nn::Linear parsed_once(64, columns);
}

// A global read from the input has no value known, whatever other files do. (One that no file
// writes takes its definition's value only when `ampify check` joins the files of its run:
// tests/scale_test.py, CrossUnitGlobals; a front end that sees one TU knows nothing of the others.)
int64_t g_read = 100;
void sizes_in_globals() {
  std::cin >> g_read;
  torch::nn::Linear read(64, g_read);
}

// Projects put their own modules in LibTorch's namespace (torch-cpp-trainer's `namespace torch {
// namespace nn {`). Such a block's parameters are named like a convolution's but are no GEMM
// dimensions of their own: the value is checked where the block builds its layers, once.
namespace torch {
namespace nn {
struct ProjectBlockImpl : torch::nn::Module {
  ProjectBlockImpl(int64_t in_channels, int64_t out_channels)
      : conv(torch::nn::Conv2dOptions(in_channels, out_channels, 3)) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: out_channels = 20 of Conv2d `conv` is not a multiple of 8
  // CHECK-MESSAGES: :[[@LINE+7]]:97: note: `out_channels` at this call of `ProjectBlockImpl` is 20
  torch::Tensor forward(torch::Tensor x) { return conv(x); }
  torch::nn::Conv2d conv;
};
TORCH_MODULE(ProjectBlock);
} // namespace nn
} // namespace torch
void build_project_block() { torch::nn::ProjectBlock block(/*in_channels=*/16, /*out_channels=*/20); }

// A const list is a named constant, as a const scalar is: one finding per misaligned element, at
// its definition; so is the list a data member is initialised with, read by a method.
const std::vector<int64_t> kBlockWidths = {64, 100};
// CHECK-MESSAGES: :[[@LINE-1]]:28: warning: `kBlockWidths[1]` = 100 is not a multiple of 8 and sizes 2 GEMM dimensions (out_features of Linear `a`, in_features of Linear `b`)
struct WidthsNetImpl : torch::nn::Module {
  std::vector<int64_t> widths = {50, 64};
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: `widths[0]` = 50 is not a multiple of 8 and sizes out_features of Linear `b`
  std::vector<int64_t> grown = {50, 64};
  WidthsNetImpl() {
    grown.push_back(8); // changed after its initialisation: unknown
    a = torch::nn::Linear(kBlockWidths[0], kBlockWidths[1]);
    b = torch::nn::Linear(kBlockWidths[1], widths[0]);
    c = torch::nn::Linear(grown[0], 64);
  }
  torch::Tensor forward(torch::Tensor x) { return c(b(a(x))); }
  torch::nn::Linear a{nullptr}, b{nullptr}, c{nullptr};
};

// A member initialised with braces from a constructor's parameter, read by a method that the
// constructor calls: what each construction passes.
struct CodeImpl : torch::nn::Module {
  explicit CodeImpl(int z_dim) : z_dim_{z_dim} { head = build_head(); }
  torch::nn::Linear build_head() { return torch::nn::Linear(64, z_dim_); }
  // CHECK-MESSAGES: :[[@LINE-1]]:65: warning: out_features = 20 of Linear is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 24 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+6]]:45: note: `z_dim` at this call of `CodeImpl` is 20
  // CHECK-MESSAGES: :[[@LINE-4]]:40: note: member `z_dim_` is 20
  torch::Tensor forward(torch::Tensor x) { return head(x); }
  int z_dim_;
  torch::nn::Linear head{nullptr};
};
void build_code() { CodeImpl code(/*z_dim=*/20); }

// Members assigned in the constructor's body, as many write them: a read in that body takes the
// last assignment before it (else the initialiser), and a variable of the class what the body
// leaves. A member assigned in a branch, or written by another method too, is unknown.
struct BodyNetImpl : torch::nn::Module {
  int64_t hidden_ = 60;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: member `hidden_` = 60 is not a multiple of 8 and sizes in_features of Linear `before`, K (the reduction) of the layer's GEMM, which runs on slower kernels when misaligned; consider 64 [ampify-tensor-core-alignment]
  int64_t branchy_ = 64;
  BodyNetImpl(int64_t hidden, bool wide) {
    before = register_module("before", torch::nn::Linear(hidden_, 32));
  // CHECK-MESSAGES: :[[@LINE-1]]:58: note: member `hidden_` is used here as in_features of Linear `before`: K (the reduction) of the layer's GEMM
    hidden_ = hidden;
    fc = register_module("fc", torch::nn::Linear(784, hidden_));
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: out_features = 100 of Linear `fc` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+9]]:41: note: `hidden` at this call of `BodyNetImpl` is 100
  // CHECK-MESSAGES: :[[@LINE-4]]:15: note: member `hidden_` is 100
    if (wide)
      branchy_ = 36;
    odd = register_module("odd", torch::nn::Linear(branchy_, 32));
  }
  torch::Tensor forward(torch::Tensor x) { return odd(before(x)) + fc(x); }
  torch::nn::Linear before{nullptr}, fc{nullptr}, odd{nullptr};
};
void build_body_net() { BodyNetImpl net(100, true); }

struct TrainArgs {
  int64_t nz;
  int64_t later;
  explicit TrainArgs(int64_t latent) {
    nz = latent;
    later = 20;
  }
  void widen() { later = 24; }
};
void build_from_args() {
  TrainArgs args(50);
  torch::nn::Linear generator(args.nz, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: in_features = 50 of Linear `generator` is not a multiple of 8: it is K (the reduction) of the layer's GEMM, which runs on slower kernels when misaligned; consider 56 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-9]]:10: note: member `nz` is 50
  // CHECK-MESSAGES: :[[@LINE-4]]:13: note: `args.nz` is 50
  torch::nn::Linear other(args.later, 64);
}

// A config struct member assigned whole in the constructor's body (`params_ = params;`, by the
// compiler's copy assignment) holds what was assigned, read by another method as in the body. One
// whose assignment operator is the class's own may store anything: unknown.
struct SrParams {
  int64_t d;
  int64_t s;
};
struct CountingParams {
  int64_t s = 20;
  CountingParams &operator=(const CountingParams &other) {
    s = other.s + 1;
    return *this;
  }
};
struct SrTrainer {
  SrParams params_;
  CountingParams counted_;
  SrTrainer(SrParams params, CountingParams counted) {
    params_ = params;
    counted_ = counted;
  }
  void build() {
    torch::nn::Linear shrink(params_.d, params_.s);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: out_features = 20 of Linear `shrink` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 24 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+6]]:21: note: `params.s` at this call of `SrTrainer` is 20
  // CHECK-MESSAGES: :[[@LINE-7]]:15: note: member `params_.s` is 20
    torch::nn::Linear counted(params_.d, counted_.s);
  }
};
void build_sr() {
  SrTrainer trainer({56, 20}, CountingParams{});
  trainer.build();
}

// A member that the constructor's body assigns from constants is a variable, not a constant of
// its own: like a local that is not const, its value is reported at each layer it sizes.
struct TrunkImpl : torch::nn::Module {
  int64_t hidden_;
  bool wide_;
  TrunkImpl() {
    wide_ = false;
    hidden_ = wide_ ? 128 : 100;
    first = register_module("first", torch::nn::Linear(24, hidden_));
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: out_features = 100 of Linear `first` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-3]]:15: note: member `hidden_` is 100
    second = register_module("second", torch::nn::Linear(hidden_, 16));
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: in_features = 100 of Linear `second` is not a multiple of 8: it is K (the reduction) of the layer's GEMM, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-6]]:15: note: member `hidden_` is 100
  }
  torch::Tensor forward(torch::Tensor x) { return second(first(x)); }
  torch::nn::Linear first{nullptr}, second{nullptr};
};

// A head dim computed at the attention is reported there, also when a constant on the way holds
// the same value by chance: 20 channels, doubled twice, split over 4 heads.
struct BottleneckImpl : torch::nn::Module {
  BottleneckImpl(int32_t channels, int32_t levels, int32_t heads) {
    attention = register_module("attention", torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(channels * (1 << levels), heads)));
  // CHECK-MESSAGES: :[[@LINE-1]]:113: warning: head dim (embed_dim / num_heads = 80 / 4) = 20 of MultiheadAttention `attention` is not a multiple of 8: it is K of Q*K^T and N of attention*V in every head, which runs on slower kernels when misaligned; consider 24 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+8]]:17: note: `kChannels` is 20
  }
  torch::Tensor forward(torch::Tensor x) { return std::get<0>(attention(x, x, x)); }
  torch::nn::MultiheadAttention attention{nullptr};
};
TORCH_MODULE(Bottleneck);
void build_bottleneck() {
  const int32_t kLevels = 2, kHeads = 4;
  const int32_t kChannels = 20;
  Bottleneck bottleneck(kChannels, kLevels, kHeads);
}

// A config struct held as a constant (`const auto cfg = Config{};`), whose members Clang folds:
// its in-class initialiser is the constant, reported once at its definition.
struct LinkConfig {
  std::size_t embedding_dim = 100;
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: `LinkConfig::embedding_dim` = 100 is not a multiple of 8 and sizes 2 GEMM dimensions (in_features of Linear `w_src`, out_features of Linear `w_src`), which run on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  std::size_t memory_dim = 64;
};
void build_link_predictor() {
  const auto cfg = LinkConfig{};
  torch::nn::Linear w_src(cfg.embedding_dim, cfg.embedding_dim);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: note: `LinkConfig::embedding_dim` is used here as in_features of Linear `w_src`: K (the reduction) of the layer's GEMM
  // CHECK-MESSAGES: :[[@LINE-2]]:46: note: `LinkConfig::embedding_dim` is used here as out_features of Linear `w_src`: N of the layer's GEMM
  torch::nn::Linear memory(cfg.memory_dim, 32);
}

// A struct passed by non-const reference to a function of this TU that only reads it keeps its
// values at the caller; one that the callee writes, directly, through another function or through
// a reference member, does not.
struct HeadConfig {
  int64_t width = 64;
  int64_t classes = 100;
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: `HeadConfig::classes` = 100 is not a multiple of 8 and sizes out_features of Linear `layer`, N of the layer's GEMM, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
};
torch::nn::Linear make_head(HeadConfig &config) {
  torch::nn::Linear layer(config.width, config.classes);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: note: `HeadConfig::classes` is used here as out_features of Linear `layer`: N of the layer's GEMM
  return layer;
}
torch::nn::Linear make_named_head(HeadConfig &config) { return make_head(config); }
void build_head() {
  HeadConfig config;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: note: `config.classes` is 100
  torch::nn::Linear head = make_named_head(config);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: note: `config.classes` at this call of `make_named_head` is 100
  // CHECK-MESSAGES: :[[@LINE-6]]:74: note: `config.classes` at this call of `make_head` is 100
}
struct TailConfig {
  int64_t classes = 100;
};
void widen_tail(TailConfig &config) { config.classes = 128; }
void prepare_tail(TailConfig &config) { widen_tail(config); }
struct TailHolder {
  TailConfig &held;
  explicit TailHolder(TailConfig &config) : held(config) {}
  void widen() { held.classes = 120; }
};
torch::nn::Linear make_tail(TailConfig &config) {
  torch::nn::Linear layer(16, config.classes);
  return layer;
}
void build_tails() {
  TailConfig prepared;
  prepare_tail(prepared);
  torch::nn::Linear first = make_tail(prepared);
  TailConfig held;
  TailHolder holder(held);
  holder.widen();
  torch::nn::Linear second = make_tail(held);
}

// Call sites in template instantiations: `Model(3)` in Segmentor<SegNet>::build constructs
// SegNetImpl, whose decoder widths are a default argument; the head takes the last one.
struct SegHeadImpl : torch::nn::Module {
  explicit SegHeadImpl(int in) { fc = register_module("fc", torch::nn::Linear(in, 32)); }
  // CHECK-MESSAGES: :[[@LINE-1]]:79: warning: in_features = 20 of Linear `fc` is not a multiple of 8: it is K (the reduction) of the layer's GEMM, which runs on slower kernels when misaligned; consider 24 [ampify-tensor-core-alignment]
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(SegHead);
struct SegNetImpl : torch::nn::Module {
  explicit SegNetImpl(int classes, std::vector<int> widths = {96, 48, 40, 20}) {
  // CHECK-MESSAGES: :[[@LINE-1]]:60: note: an element of `widths` at this call of `SegNetImpl` is 20
    head = register_module("head", SegHead(widths[widths.size() - 1]));
  // CHECK-MESSAGES: :[[@LINE-1]]:44: note: `widths[widths.size() - 1]` is 20
  // CHECK-MESSAGES: :[[@LINE-2]]:44: note: `in` at this call of `SegHeadImpl` is 20
  }
  torch::Tensor forward(torch::Tensor x) { return head(x); }
  SegHead head{nullptr};
};
TORCH_MODULE(SegNet);
template <class Model> struct Segmentor {
  void build() { model = Model(3); }
  Model model{nullptr};
};
void build_segmentor() {
  Segmentor<SegNet> segmentor;
  segmentor.build();
}

// `Policy policy;`: TORCH_MODULE's class default-constructs PolicyImpl through ModuleHolder, with
// its default argument.
struct PolicyImpl : torch::nn::Module {
  explicit PolicyImpl(int64_t hidden = 100) { fc = register_module("fc", torch::nn::Linear(32, hidden)); }
  // CHECK-MESSAGES: :[[@LINE-1]]:96: warning: out_features = 100 of Linear `fc` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 104 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+6]]:10: note: `hidden` (its default argument) at this call of `PolicyImpl` is 100
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Policy);
void build_policy() {
  Policy policy;
}

// A config struct's list member: its in-class initialiser, or the list assigned to it before the
// struct is passed. Appending to it (`widths.push_back`) or assigning it in a branch leaves the
// widths unknown.
struct MlpConfig {
  std::vector<int64_t> widths{64, 52};
};
struct MlpImpl : torch::nn::Module {
  explicit MlpImpl(const MlpConfig &config) {
    int64_t prev = 32;
    for (int64_t width : config.widths) {
      layers->push_back(torch::nn::Linear(prev, width));
  // CHECK-MESSAGES: :[[@LINE-7]]:24: warning: `MlpConfig::widths[1]` = 52 is not a multiple of 8 and sizes 2 GEMM dimensions (out_features of Linear, in_features of Linear), which run on slower kernels when misaligned; consider 56 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-2]]:49: note: `MlpConfig::widths[1]` is used here as out_features of Linear: N of the layer's GEMM
      prev = width;
    }
    layers->push_back(torch::nn::Linear(prev, 10));
  // CHECK-MESSAGES: :[[@LINE-1]]:41: note: `MlpConfig::widths[1]` is used here as in_features of Linear: K (the reduction) of the layer's GEMM
  // CHECK-MESSAGES: :[[@LINE-7]]:49: warning: out_features = 60 of Linear is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 64 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+11]]:18: note: an element of `config.widths` at this call of `MlpImpl` is 60
  // CHECK-MESSAGES: :[[@LINE-4]]:41: warning: in_features = 60 of Linear is not a multiple of 8: it is K (the reduction) of the layer's GEMM, which runs on slower kernels when misaligned; consider 64 [ampify-tensor-core-alignment]
    register_module("layers", layers);
  }
  torch::nn::Sequential layers;
};
void build_mlps(bool wide) {
  MlpConfig defaults;
  MlpImpl first(defaults);
  MlpConfig assigned;
  assigned.widths = {64, 60};
  MlpImpl second(assigned);
  MlpConfig appended;
  appended.widths.push_back(20);
  MlpImpl third(appended);
  MlpConfig branched;
  if (wide)
    branched.widths = {64, 44};
  MlpImpl fourth(branched);
}

// A generator's stages, sized by a counting loop's counter: 20 channels doubled per stage. Each
// value of the counter is followed; the stages with 40 and 80 channels are aligned.
struct StagesImpl : torch::nn::Module {
  explicit StagesImpl(int64_t base) {
    for (int64_t i = 0; i < 3; ++i) {
      const int64_t mult = 1 << i;
      stages->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(base * mult, base * mult * 2, 3)));
  // CHECK-MESSAGES: :[[@LINE-1]]:68: warning: in_channels = 20 of Conv2d is not a multiple of 8: it is K of the convolution's implicit GEMM, which runs on slower kernels when misaligned; consider 24 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+8]]:41: note: `base` at this call of `StagesImpl` is 20
  // CHECK-MESSAGES: :[[@LINE-5]]:18: note: `i` (counted by the loop at line [[#@LINE-5]]) is 0
  // CHECK-MESSAGES: :[[@LINE-5]]:21: note: `mult` is 1
    }
    register_module("stages", stages);
  }
  torch::nn::Sequential stages;
};
void build_stages() { StagesImpl stages(20); }

// A member that a method assigns and then reads (a detector's `Initialize`): the value assigned,
// unless something between the two may write it (a method of the class called on the object) or
// the assignment is on one path only. Another method's read is unknown.
struct Detector {
  int64_t num_classes_ = 0;
  torch::nn::Conv2d head{nullptr};
  void grow() { num_classes_ += 1; }
  void initialize(int64_t num_classes) {
    num_classes_ = num_classes;
    torch::nn::Conv2dOptions head_options(64, 5 + num_classes_, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: out_channels = 17 of Conv2d `head_options` is not a multiple of 8: it is N of the convolution's implicit GEMM, which runs on slower kernels when misaligned; consider 24 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+18]]:23: note: `num_classes` at this call of `initialize` is 12
  // CHECK-MESSAGES: :[[@LINE-4]]:20: note: member `num_classes_` is 12
    head = torch::nn::Conv2d(head_options);
  }
  void initialize_grown(int64_t num_classes) {
    num_classes_ = num_classes;
    grow();
    torch::nn::Linear grown(64, 5 + num_classes_);
  }
  void initialize_maybe(int64_t num_classes, bool known) {
    if (known)
      num_classes_ = num_classes;
    torch::nn::Linear maybe(64, 5 + num_classes_);
  }
  void later() { torch::nn::Linear after(64, 5 + num_classes_); }
};
void build_detector() {
  Detector detector;
  detector.initialize(12);
  detector.initialize_grown(12);
  detector.initialize_maybe(12, true);
  detector.later();
}

// The same walk of a method's body as of a constructor's: an assignment in a plain block counts, a
// return before it does not hide it from the read after it, a later plain assignment settles a
// write on one path, and an assignment inside the statement that holds the read is not ordered.
struct Tracker {
  int64_t classes_ = 0;
  void grow() { classes_ += 1; }
  void initialize_checked(int64_t classes, bool ok) {
    if (!ok)
      return;
    {
      classes_ = classes;
    }
    torch::nn::Linear checked(64, 5 + classes_);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: out_features = 17 of Linear `checked` is not a multiple of 8: {{.*}} [ampify-tensor-core-alignment]
  }
  void initialize_twice(int64_t classes, bool wide) {
    if (wide)
      classes_ = 3;
    classes_ = classes;
    torch::nn::Linear twice(64, 5 + classes_);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: out_features = 17 of Linear `twice` is not a multiple of 8: {{.*}} [ampify-tensor-core-alignment]
  }
  void initialize_inside(int64_t classes, bool fresh) {
    classes_ = classes;
    if (fresh) {
      classes_ = 3;
      torch::nn::Linear inside(64, 5 + classes_);
    }
  }
};
void build_tracker() {
  Tracker tracker;
  tracker.initialize_checked(12, true);
  tracker.initialize_twice(12, true);
  tracker.initialize_inside(12, true);
}

// The same in a constructor's body.
struct TrackerNet : torch::nn::Module {
  int64_t hidden_ = 0;
  TrackerNet(int64_t hidden, bool ok) {
    if (!ok)
      return;
    hidden_ = hidden;
    torch::nn::Linear checked(64, hidden_);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: out_features = 20 of Linear `checked` is not a multiple of 8: {{.*}} [ampify-tensor-core-alignment]
  }
  TrackerNet(int64_t hidden, int mode) {
    hidden_ = hidden;
    if (mode > 0) {
      hidden_ = 16;
      torch::nn::Linear inside(64, hidden_);
    }
  }
};
void build_tracker_net() {
  TrackerNet checked(20, true);
  TrackerNet inside(20, 1);
}

// A width the loop steps in each iteration, as UNet and DCGAN builders do: each iteration's value
// before and after the write, and the last one after the loop. A width stepped on one path only is
// unknown.
struct DoublingImpl : torch::nn::Module {
  torch::nn::Sequential down;
  torch::nn::Linear head{nullptr};
  DoublingImpl(int64_t base, bool wide) {
    int64_t ch = base;
    for (int64_t i = 0; i < 3; ++i) {
      down->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(ch, 64, 3)));
  // CHECK-MESSAGES: :[[@LINE-1]]:66: warning: in_channels = 20 of Conv2d is not a multiple of 8: {{.*}} [ampify-tensor-core-alignment]
      ch *= 2;
    }
    head = torch::nn::Linear(ch + 4, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: in_features = 164 of Linear `head` is not a multiple of 8: {{.*}} [ampify-tensor-core-alignment]
    int64_t maybe = base;
    for (int64_t i = 0; i < 3; ++i) {
      torch::nn::Linear branch(maybe, 64);
      if (wide)
        maybe *= 2;
    }
  }
};
void build_doubling() { DoublingImpl doubling(20, true); }

// std::make_shared of a TORCH_MODULE holder (`std::make_shared<AE>(...)`, kept in a
// std::shared_ptr<AE>): the holder's constructor forwards to AEImpl's.
class AEImpl : public torch::nn::Module {
 public:
  AEImpl(int64_t image_size, int64_t h_dim) : fc1(image_size, h_dim) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: in_features = 38 of Linear `fc1` is not a multiple of 8: {{.*}} [ampify-tensor-core-alignment]
  torch::Tensor forward(torch::Tensor x) { return fc1(x); }
  torch::nn::Linear fc1{nullptr};
};
TORCH_MODULE(AE);
struct Robot {
  std::shared_ptr<AE> visual;
  void create() { visual = std::make_shared<AE>(38, 64); }
};

// A lambda that builds layers: its parameters take what each call of it passes; its captures are
// the enclosing function's variables. A lambda only handed to other code is called with values
// not seen here.
struct BlocksImpl : torch::nn::Module {
  torch::nn::Sequential body;
  BlocksImpl(int64_t in, int64_t hidden) {
    auto block = [&](int64_t width) {
      return torch::nn::Sequential(torch::nn::Linear(in, width), torch::nn::ReLU());
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: in_features = 20 of Linear is not a multiple of 8: {{.*}} [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-2]]:58: warning: out_features = 100 of Linear is not a multiple of 8: {{.*}} [ampify-tensor-core-alignment]
    };
    body = block(hidden);
    block(64);
    auto handed = [](int64_t width) { return torch::nn::Linear(64, width); };
    std::function<torch::nn::Linear(int64_t)> builder = handed;
  }
};
void build_blocks() { BlocksImpl blocks(20, 100); }

// std::make_shared of a module whose constructor takes its sizes by const reference
// (`HTagger(const int& nFeat, const int& nHidden)`, as ChargedAnalysis's tagger does): the
// constructor is found by its parameters' types through the references.
struct TaggerImpl : torch::nn::Module {
  TaggerImpl(const int &features, const int &hidden) : out(features, hidden) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: out_features = 140 of Linear `out` is not a multiple of 8: {{.*}} [ampify-tensor-core-alignment]
  torch::nn::Linear out{nullptr};
};
void build_tagger() { auto tagger = std::make_shared<TaggerImpl>(64, 140); }
