// AMPIFY: fix --no-channels-last
// --no-channels-last: the conv net of conv-channels-last.cpp stays in the contiguous format.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return head(torch::relu(conv(x))); }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Net);

int main() {
  torch::Device device(torch::kCUDA);
  Net model;
  model->to(device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  for (int step = 0; step < 100; ++step) {
    auto images = torch::randn({8, 3, 32, 32}).to(device);
    auto labels = torch::randint(10, {8}).to(device);
    optimizer.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
    loss.backward();
    optimizer.step();
  }
}
// CHECK-FIXES: {{^}}#include <ampify/amp.h>{{$}}
// CHECK-FIXES: {{^}}  model->to(device);{{$}}
// CHECK-FIXES-NEXT: {{^}}  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));{{$}}
// CHECK-FIXES: {{^}}    auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);{{$}}
