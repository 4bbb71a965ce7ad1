// A ResNet-style CNN with BatchNorm on seeded synthetic images, trained in plain fp32.
#include "example_report.h"

struct BlockImpl : torch::nn::Module {
  BlockImpl(int64_t in, int64_t out, int64_t stride)
      : conv1(register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false)))),
        bn1(register_module("bn1", torch::nn::BatchNorm2d(out))),
        conv2(register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(out, out, 3).padding(1).bias(false)))),
        bn2(register_module("bn2", torch::nn::BatchNorm2d(out))) {
    if (stride != 1 || in != out) {
      shortcut = register_module("shortcut", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 1).stride(stride).bias(false)));
      shortcut_bn = register_module("shortcut_bn", torch::nn::BatchNorm2d(out));
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    auto y = torch::relu(bn1(conv1(x)));
    y = bn2(conv2(y));
    auto skip = shortcut ? shortcut_bn(shortcut(x)) : x;
    return torch::relu(y + skip);
  }
  torch::nn::Conv2d conv1, conv2, shortcut{nullptr};
  torch::nn::BatchNorm2d bn1, bn2, shortcut_bn{nullptr};
};
TORCH_MODULE(Block);

struct ResNetImpl : torch::nn::Module {
  explicit ResNetImpl(int64_t classes) {
    stem = register_module("stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 64, 3).padding(1).bias(false)));
    stem_bn = register_module("stem_bn", torch::nn::BatchNorm2d(64));
    layers = register_module("layers", torch::nn::Sequential(
        Block(64, 64, 1), Block(64, 64, 1), Block(64, 128, 2), Block(128, 128, 1),
        Block(128, 256, 2), Block(256, 256, 1)));
    head = register_module("head", torch::nn::Linear(256, classes));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(stem_bn(stem(x)));
    x = layers->forward(x);
    x = torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1);
    return head(x);
  }
  torch::nn::Conv2d stem{nullptr};
  torch::nn::BatchNorm2d stem_bn{nullptr};
  torch::nn::Sequential layers{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(ResNet);

int main(int argc, char **argv) {
  auto config = example::parse(argc, argv);
  torch::manual_seed(0);
  const int64_t batch = 256, classes = 16, size = 64;
  // Each class is a fixed random pattern; samples are the pattern plus noise.
  auto patterns = torch::randn({classes, 3, size, size}, config.device);
  ResNet model(classes);
  model->to(config.device);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
  example::Report report(config);

  for (int step = 0; step < config.steps; ++step) {
    auto labels = torch::randint(classes, {batch}, torch::TensorOptions().dtype(torch::kLong).device(config.device));
    auto images = patterns.index_select(0, labels) + 2.0 * torch::randn({batch, 3, size, size}, config.device);
    optimizer.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
    loss.backward();
    optimizer.step();
    report.step(loss);
  }
  report.write();
}
