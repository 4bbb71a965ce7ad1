// An MLP classifier on seeded synthetic clusters, trained in plain fp32.
#include "example_report.h"

struct MLPImpl : torch::nn::Module {
  MLPImpl(int64_t in, int64_t hidden, int64_t classes) {
    net = register_module("net", torch::nn::Sequential(
        torch::nn::Linear(in, hidden), torch::nn::ReLU(),
        torch::nn::Linear(hidden, hidden), torch::nn::ReLU(),
        torch::nn::Linear(hidden, hidden), torch::nn::ReLU(),
        torch::nn::Linear(hidden, classes)));
  }
  torch::Tensor forward(torch::Tensor x) { return net->forward(x); }
  torch::nn::Sequential net{nullptr};
};
TORCH_MODULE(MLP);

int main(int argc, char **argv) {
  auto config = example::parse(argc, argv);
  torch::manual_seed(0);
  const int64_t batch = 4096, in = 1024, hidden = 4096, classes = 512;
  auto centers = torch::randn({classes, in}, config.device);
  MLP model(in, hidden, classes);
  model->to(config.device);
  torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(1e-4));
  example::Report report(config);

  for (int step = 0; step < config.steps; ++step) {
    auto labels = torch::randint(classes, {batch}, torch::TensorOptions().dtype(torch::kLong).device(config.device));
    auto x = centers.index_select(0, labels) + torch::randn({batch, in}, config.device);
    optimizer.zero_grad();
    auto logits = model->forward(x);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    loss.backward();
    optimizer.step();
    report.step(loss);
  }
  report.write();
}
