// MNIST MLP and a small CNN with hand-picked widths.
#include <torch/torch.h>

struct MlpImpl : torch::nn::Module {
  MlpImpl()
      : fc1(register_module("fc1", torch::nn::Linear(784, 100))), // EXPECT: ampify-tensor-core-alignment
        fc2(register_module("fc2", torch::nn::Linear(100, 10))), // EXPECT: ampify-tensor-core-alignment
        out(register_module("out", torch::nn::Linear(10, 10))) {}
  torch::Tensor forward(torch::Tensor x) {
    return out(torch::relu(fc2(torch::relu(fc1(x.view({x.size(0), 784}))))));
  }
  torch::nn::Linear fc1, fc2, out;
};
TORCH_MODULE(Mlp);

struct SmallCnnImpl : torch::nn::Module {
  SmallCnnImpl()
      : conv1(register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 64, 3).padding(1)))),
        conv2(register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(64, 100, 3).padding(1)))), // EXPECT: ampify-tensor-core-alignment
        head(register_module("head", torch::nn::Linear(100, 10))) {} // EXPECT: ampify-tensor-core-alignment
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(conv1(x));
    x = torch::relu(conv2(x));
    return head(torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1));
  }
  torch::nn::Conv2d conv1, conv2;
  torch::nn::Linear head;
};
TORCH_MODULE(SmallCnn);

int main() {
  Mlp mlp;
  SmallCnn cnn;
  auto a = mlp(torch::randn({32, 1, 28, 28}));
  auto b = cnn(torch::randn({32, 3, 32, 32}));
  return static_cast<int>(a.size(0) + b.size(0));
}
