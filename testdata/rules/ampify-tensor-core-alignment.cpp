// AMPIFY: check --checks=-*,ampify-tensor-core-alignment
#include <torch/torch.h>

#include <memory>

constexpr int64_t kVocab = 50257;
constexpr int64_t kHidden = 2047;
#define FFN_WIDTH 4095
enum Sizes { kEmbed = 768 };

// A GPT-style model: the embedding table is also the vocabulary projection.
struct GPT : torch::nn::Module {
  GPT() {
    tok = register_module("tok", torch::nn::Embedding(kVocab, kEmbed));
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: num_embeddings = 50257 of Embedding `tok` (a Linear in this file projects to the same vocabulary) is not a multiple of 8: it is N of the vocabulary projection that shares the table, which runs on slower kernels when misaligned; consider 50264 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-10]]:19: note: `kVocab` is 50257
    ffn = register_module("ffn", torch::nn::Linear(kEmbed, FFN_WIDTH));
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: out_features = 4095 of Linear `ffn` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 4096 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-11]]:19: note: `FFN_WIDTH` is 4095
    proj = register_module("proj", torch::nn::Linear(torch::nn::LinearOptions(1024, 2 * kHidden + 1).bias(false)));
  // CHECK-MESSAGES: :[[@LINE-1]]:85: warning: out_features = 4095 of Linear `proj` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 4096 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-15]]:19: note: `kHidden` is 2047
    lm_head = register_module("lm_head", torch::nn::Linear(kEmbed, kVocab));
  // CHECK-MESSAGES: :[[@LINE-1]]:68: warning: out_features = 50257 of Linear `lm_head` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 50264 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-19]]:19: note: `kVocab` is 50257
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
  // CHECK-MESSAGES: :[[@LINE+88]]:7: note: `hidden` (its default argument) at this call of `Net` is 100
  // CHECK-MESSAGES: :[[@LINE-3]]:94: warning: out_features = 50 of Linear `body` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 56 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+85]]:13: note: `hidden` at this call of `Net` is 50
  torch::nn::Linear body{nullptr};
};

torch::nn::Sequential make_mlp(int64_t width) {
  return torch::nn::Sequential(torch::nn::Linear(512, width), torch::nn::ReLU());
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: out_features = 130 of Linear is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 136 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE+81]]:23: note: `width` at this call of `make_mlp` is 130
}

// Members initialised with constants, a constexpr config struct, a local never written again.
struct Config {
  int64_t d_model = 520;
  int64_t ffn = 2052;
};
constexpr Config kConfig{};

struct Configured : torch::nn::Module {
  int64_t in_ = 1000;
  int64_t out_;
  Configured() : out_(1001) {
    fc = register_module("fc", torch::nn::Linear(in_, out_));
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: out_features = 1001 of Linear `fc` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 1008 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-3]]:23: note: member `out_` is 1001
    ff = register_module("ff", torch::nn::Linear(kConfig.d_model, kConfig.ffn));
  // CHECK-MESSAGES: :[[@LINE-1]]:67: warning: out_features = 2052 of Linear `ff` is not a multiple of 8: it is N of the layer's GEMM, which runs on slower kernels when misaligned; consider 2056 [ampify-tensor-core-alignment]
  // CHECK-MESSAGES: :[[@LINE-2]]:67: note: `kConfig.ffn` is 2052
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
