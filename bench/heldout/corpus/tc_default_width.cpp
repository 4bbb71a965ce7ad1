// Layer factories with default widths: the defaults are what the model is built with wherever a
// call leaves them out.
#include <torch/torch.h>

torch::nn::Linear projection(int64_t in, int64_t out = 1000) { return torch::nn::Linear(in, out); }

torch::nn::Sequential mlp(int64_t in, int64_t hidden = 2050, int64_t out = 512) {
  return torch::nn::Sequential(torch::nn::Linear(in, hidden),  // EXPECT: ampify-tensor-core-alignment
                               torch::nn::GELU(),
                               torch::nn::Linear(hidden, out));  // EXPECT: ampify-tensor-core-alignment
}

torch::nn::Conv2d conv(int64_t in, int64_t out, int64_t kernel = 3) {
  return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, kernel).padding(kernel / 2));
}

struct EncoderImpl : torch::nn::Module {
  EncoderImpl()
      : stem(register_module("stem", conv(3, 64))),
        body(register_module("body", conv(64, 128))),
        pool_proj(register_module("pool_proj", projection(128))),
        ffn(register_module("ffn", mlp(1000))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(body(torch::relu(stem(x))));
    x = pool_proj(x.mean({2, 3}));
    return ffn->forward(x);
  }

  torch::nn::Conv2d stem, body;
  torch::nn::Linear pool_proj;
  torch::nn::Sequential ffn;
};
TORCH_MODULE(Encoder);

int main() {
  Encoder enc;
  return static_cast<int>(enc(torch::randn({1, 3, 32, 32})).size(-1));
}
