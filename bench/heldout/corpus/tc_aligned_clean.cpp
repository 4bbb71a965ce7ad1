// Widths chosen as multiples of 8, plus task-fixed small dimensions (classes, channels, a
// regression head) that the rule leaves alone.
#include <torch/torch.h>

struct ResidualRegressorImpl : torch::nn::Module {
  explicit ResidualRegressorImpl(int64_t width = 256)
      : stem(register_module("stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 32, 7).stride(2).padding(3)))),
        conv(register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 64, 3).padding(1)))),
        fc(register_module("fc", torch::nn::Linear(64, width))),
        cls(register_module("cls", torch::nn::Linear(width, 10))),
        reg(register_module("reg", torch::nn::Linear(width, 1))),
        gru(register_module("gru", torch::nn::GRU(torch::nn::GRUOptions(64, 128)))),
        emb(register_module("emb", torch::nn::Embedding(1000, 64))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    auto h = torch::relu(conv(torch::relu(stem(x))));
    auto f = torch::relu(fc(torch::adaptive_avg_pool2d(h, {1, 1}).flatten(1)));
    return torch::cat({cls(f), reg(f)}, 1);
  }

  torch::nn::Conv2d stem, conv;
  torch::nn::Linear fc, cls, reg;
  torch::nn::GRU gru;
  torch::nn::Embedding emb;
};
TORCH_MODULE(ResidualRegressor);

int main() {
  ResidualRegressor model(512);
  auto y = model(torch::randn({8, 3, 64, 64}));
  auto p = torch::matmul(torch::randn({64, 128}), torch::randn({128, 256}));
  return static_cast<int>(y.size(1) + p.size(1));
}
