#include "trainer.h"

#include <algorithm>
#include <iostream>
#include <numeric>
#include <vector>

#include "losses.h"

double train_esmm(Esmm &model, const ImpressionLog &train, const TrainSettings &settings, torch::Device device) {
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(settings.lr));
  const int64_t n = train.click.size(0);
  double last_loss = 0.0;

  for (int64_t epoch = 0; epoch < settings.epochs; ++epoch) {
    model->train();
    auto perm = torch::randperm(n);
    double running = 0.0;
    int64_t batches = 0;
    for (int64_t begin = 0; begin + settings.batch_size <= n; begin += settings.batch_size) {
      auto idx = perm.slice(0, begin, begin + settings.batch_size);
      auto fields = train.fields.index_select(0, idx).to(device);
      auto click = train.click.index_select(0, idx).to(device);
      auto conversion = train.conversion.index_select(0, idx).to(device);

      optimizer.zero_grad();
      EsmmOutput out = model->forward(fields);
      auto l_ctr = torch::binary_cross_entropy(out.p_ctr, click);
      auto l_ctcvr = ctcvr_loss(out.p_ctcvr, conversion);
      l_ctr.backward({}, /*retain_graph=*/true);
      l_ctcvr.backward();
      auto l_reg = settings.l2 * model->embedding_l2();
      l_reg.backward();
      optimizer.step();

      last_loss = l_ctr.item<double>() + l_ctcvr.item<double>();
      running += last_loss;
      ++batches;
    }
    std::cout << "epoch " << epoch << " ctr+ctcvr loss " << running / batches << std::endl;
  }
  return last_loss;
}

namespace {

double auc(const torch::Tensor &scores, const torch::Tensor &labels) {
  auto s = scores.to(torch::kCPU).contiguous();
  auto y = labels.to(torch::kCPU).contiguous();
  const int64_t n = s.size(0);
  std::vector<int64_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  auto sa = s.accessor<float, 1>();
  auto ya = y.accessor<float, 1>();
  std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return sa[a] < sa[b]; });
  double rank_sum = 0.0, pos = 0.0;
  for (int64_t r = 0; r < n; ++r) {
    if (ya[order[r]] > 0.5f) {
      rank_sum += static_cast<double>(r + 1);
      pos += 1.0;
    }
  }
  const double neg = static_cast<double>(n) - pos;
  return (rank_sum - pos * (pos + 1.0) / 2.0) / (pos * neg);
}

}  // namespace

EvalResult evaluate(Esmm &model, const ImpressionLog &test, torch::Device device) {
  torch::NoGradGuard no_grad;
  model->eval();
  EsmmOutput out = model->forward(test.fields.to(device));
  auto p = out.p_ctr.to(torch::kCPU);
  auto y = test.click;
  auto logloss = -(y * torch::log(p + 1e-7) + (1 - y) * torch::log(1 - p + 1e-7)).mean();
  return {auc(out.p_ctr, test.click), auc(out.p_ctcvr, test.conversion), logloss.item<double>()};
}
