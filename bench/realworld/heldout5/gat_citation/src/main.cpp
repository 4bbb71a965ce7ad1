// Node classification on a synthetic citation graph with a graph attention
// network, then temperature scaling of its probabilities on the validation nodes.
#include <iostream>

#include <torch/torch.h>

#include "calibrate.h"
#include "gat.h"
#include "gat_dims.h"
#include "graph_data.h"

namespace {

namespace F = torch::nn::functional;

constexpr int64_t kNodesPerClass = 70;
constexpr int64_t kEpochs = 150;
constexpr double kDropout = 0.6;
constexpr double kLeakySlope = 0.2;

double accuracy(const torch::Tensor& log_probs, const torch::Tensor& labels, const torch::Tensor& index) {
  return log_probs.index_select(0, index).argmax(1).eq(labels.index_select(0, index))
      .to(torch::kFloat).mean().item<double>();
}

}  // namespace

int main() {
  torch::manual_seed(17);
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available()) {
    device = torch::Device(torch::kCUDA);
  }

  const CitationGraph graph = make_citation_graph(kNodesPerClass);
  auto features = graph.features.to(device);
  auto adjacency = graph.adjacency.to(device);
  auto labels = graph.labels.to(device);
  auto train_idx = graph.train_idx.to(device);
  auto val_idx = graph.val_idx.to(device);
  auto test_idx = graph.test_idx.to(device);

  GAT model(kFeatureDim, kHiddenPerHead, kNumClasses, kDropout, kLeakySlope, kNumHeads);
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(),
                               torch::optim::AdamOptions(0.005).weight_decay(5e-4));

  double last_loss = 0.0;
  for (int64_t epoch = 1; epoch <= kEpochs; ++epoch) {
    model->train();
    optimizer.zero_grad();
    auto output = model->forward(features, adjacency);
    auto loss = F::nll_loss(output.index_select(0, train_idx), labels.index_select(0, train_idx));
    loss.backward();
    optimizer.step();
    last_loss = loss.item<double>();

    if (epoch % 50 == 0) {
      torch::NoGradGuard no_grad;
      model->eval();
      std::cout << "epoch " << epoch << " loss " << last_loss << " val accuracy "
                << accuracy(model->forward(features, adjacency), labels, val_idx) << std::endl;
    }
  }

  torch::Tensor log_probs;
  {
    torch::NoGradGuard no_grad;
    model->eval();
    log_probs = model->forward(features, adjacency);
  }
  const double temperature =
      fit_temperature(log_probs.index_select(0, val_idx), labels.index_select(0, val_idx));
  auto test_log_probs = log_probs.index_select(0, test_idx);
  auto test_labels = labels.index_select(0, test_idx);
  const double ece_raw = expected_calibration_error(test_log_probs.exp(), test_labels);
  const double ece_scaled =
      expected_calibration_error(torch::softmax(test_log_probs / temperature, 1), test_labels);

  std::cout << "final loss: " << last_loss << std::endl;
  std::cout << "test accuracy: " << accuracy(log_probs, labels, test_idx) << " (chance "
            << 1.0 / kNumClasses << ")" << std::endl;
  std::cout << "test ECE " << ece_raw << ", after temperature scaling (T=" << temperature << ") "
            << ece_scaled << std::endl;
  return 0;
}
