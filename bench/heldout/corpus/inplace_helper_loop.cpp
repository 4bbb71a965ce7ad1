// A conv net whose forward normalises features with in-place ops in a helper, trained by an
// fp32 loop that has not been migrated yet.
#include <torch/torch.h>

void inv_sqrt_scale_(torch::Tensor& t) {
  t.rsqrt_(); // EXPECT: ampify-inplace-not-autocast
}

void shift_(torch::Tensor& t) {
  t.add_(1.0).clamp_(0.0, 6.0);
}

struct NetImpl : torch::nn::Module {
  NetImpl()
      : conv1(register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 32, 3).padding(1)))),
        conv2(register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 64, 3).padding(1)))),
        fc(register_module("fc", torch::nn::Linear(64, 10))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(conv1(x));
    auto y = conv2(x);
    auto scale = y.abs().amax({2, 3}, true);
    inv_sqrt_scale_(scale);
    shift_(y);
    y = y * scale;
    y.pow_(2); // EXPECT: ampify-inplace-not-autocast
    return fc(torch::adaptive_avg_pool2d(y, {1, 1}).flatten(1));
  }

  torch::nn::Conv2d conv1, conv2;
  torch::nn::Linear fc;
};
TORCH_MODULE(Net);

int main() {
  Net net;
  net->to(torch::kCUDA);
  torch::optim::SGD opt(net->parameters(), 0.1);
  for (int i = 0; i < 100; ++i) {
    auto x = torch::randn({32, 3, 32, 32}, torch::kCUDA);
    auto y = torch::randint(0, 10, {32}, torch::TensorOptions(torch::kCUDA).dtype(torch::kLong));
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(net(x), y);
    loss.backward();
    opt.step();
  }
}
