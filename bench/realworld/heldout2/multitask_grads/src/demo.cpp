#include "demo.h"

#include <iostream>

namespace {
const int64_t kBatch = 64;
}  // namespace

void run_demo(MultiTaskNet &net, torch::Device device, int64_t iterations) {
  net->to(device);
  torch::optim::SGD optimizer(net->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));
  auto direction = torch::randn({net->in_dim(), 1}, torch::TensorOptions().device(device));

  for (int64_t it = 0; it < iterations; ++it) {
    auto x = torch::randn({kBatch, net->in_dim()}, torch::TensorOptions().device(device));
    auto y_reg = torch::matmul(x, direction) * 0.1;
    auto y_cls = (x.select(1, 0).sign() + 1).mul(0.5).unsqueeze(1);

    optimizer.zero_grad();
    auto h = net->shared(x);
    auto reg_loss = torch::mse_loss(net->regression(h), y_reg);
    reg_loss.backward(torch::Tensor(), /*retain_graph=*/true);
    double reg_grad = net->trunk->weight.grad().norm().item<double>();

    auto cls_loss = net->binary_loss(h, y_cls);
    cls_loss.backward();
    double total_grad = net->trunk->weight.grad().norm().item<double>();
    optimizer.step();

    if (it % 20 == 0) {
      std::cout << "iter " << it << " reg " << reg_loss.item<double>() << " cls "
                << cls_loss.item<double>() << " |grad trunk| reg-only " << reg_grad << " both "
                << total_grad << std::endl;
    }
  }
}
