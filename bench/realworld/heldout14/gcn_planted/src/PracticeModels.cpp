/*
 * @File    :   PracticeModels.cpp
 */
#include <cstdlib>
#include <iostream>

#include "GCN.h"
#include "MLP.h"
#include "Trainer.h"
#include "graph.h"

float accuracy(const torch::Tensor& log_probs, const torch::Tensor& y, const torch::Tensor& idx) {
  auto pred = log_probs.index_select(0, idx).argmax(1);
  return pred.eq(y.index_select(0, idx)).to(torch::kFloat32).mean().item<float>();
}

int main(int argc, char* argv[]) {
  torch::manual_seed(5);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  int hidden = argc > 1 ? std::atoi(argv[1]) : 20;

  Graph g = make_planted_partition(/*nodes_per_class=*/50, /*p_in=*/0.1, /*p_out=*/0.004, /*train_per_class=*/20);
  torch::Tensor x = g.x.to(device);
  torch::Tensor a = g.a.to(device);
  torch::Tensor y = g.y.to(device);
  torch::Tensor train_idx = g.train_idx.to(device);
  torch::Tensor test_idx = g.test_idx.to(device);

  GCN gcn(kNumFeatures, hidden, kNumClasses);
  gcn.to(device);
  torch::optim::Adam adam(gcn.parameters(), torch::optim::AdamOptions(0.01).weight_decay(5e-4));

  // Gradients accumulated over node partitions; one step per epoch.
  const int kParts = 4;
  std::vector<torch::Tensor> parts = train_idx.chunk(kParts);
  float last_loss = 0.0f;
  for (int epoch = 0; epoch < 60; epoch++) {
    float total_loss = 0.0;
    for (int part = 0; part < kParts; part++) {
      torch::Tensor y_prob = gcn.forward(x, a);
      torch::Tensor loss = F::nll_loss(y_prob.index_select(0, parts[part]), y.index_select(0, parts[part])) / kParts;
      total_loss += loss.item<float>();
      loss.backward();
      if ((part + 1) % kParts == 0) {
        adam.step();
        adam.zero_grad();
      }
    }
    last_loss = total_loss;
    if (epoch % 20 == 0) std::cout << "Epoch " << epoch << "  total_loss = " << total_loss << std::endl;
  }

  MLP mlp(kNumFeatures, std::initializer_list<int64_t>{60}, kNumClasses);
  mlp->to(device);
  Trainer<torch::optim::Adam> trainer(mlp->parameters(), 0.01);
  float mlp_loss = 0.0f;
  for (int epoch = 0; epoch < 150; epoch++) {
    auto out = mlp->forward(x.index_select(0, train_idx));
    auto loss = F::nll_loss(F::log_softmax(out, F::LogSoftmaxFuncOptions(1)), y.index_select(0, train_idx));
    mlp_loss = trainer.apply(loss);
  }

  gcn.eval();
  mlp->eval();
  torch::NoGradGuard no_grad;
  float gcn_acc = accuracy(gcn.forward(x, a), y, test_idx);
  float mlp_acc = accuracy(F::log_softmax(mlp->forward(x), F::LogSoftmaxFuncOptions(1)), y, test_idx);
  std::cout << "final loss: " << last_loss << " (MLP " << mlp_loss << ")" << std::endl;
  std::cout << "Test Accuracy = " << gcn_acc * 100 << " % (MLP " << mlp_acc * 100 << " %)" << std::endl;
  return 0;
}
