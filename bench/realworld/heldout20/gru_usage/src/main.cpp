#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <vector>

#include "config.hpp"
#include "usage_trace.hpp"
#include "worker.hpp"

int main() {
  torch::manual_seed(3);

  // One worker per monitored resource, as the original server keeps one per key.
  std::vector<std::unique_ptr<Worker>> workers;
  workers.push_back(std::make_unique<Worker>("cpu"));
  workers.push_back(std::make_unique<Worker>("mem"));

  const int64_t length = WINDOW_SIZE - 1 + 300;
  std::vector<std::vector<double>> traces = {
      MakeUsageTrace(length, 45.0, 24.0, 1),
      MakeUsageTrace(length, 60.0, 36.0, 2),
  };

  std::cout << "Server started.\n";

  const int64_t report_from = length - 60;
  std::vector<std::vector<double>> early_err(workers.size()), late_err(workers.size());
  for (int64_t t = 0; t < length; ++t) {
    for (size_t w = 0; w < workers.size(); ++w) {
      auto& worker = *workers[w];
      // the prediction made at t - 1 for the value arriving now
      if (worker.steps() > 0) {
        double err = std::abs(worker.prediction() - traces[w][t]);
        if (worker.steps() <= 60) early_err[w].push_back(err);
        if (t >= report_from) late_err[w].push_back(err);
      }
      worker.Lock();
      worker.Insert(traces[w][t]);
      worker.Unlock();
    }
    if (t % 60 == 0 && workers[0]->steps() > 0) {
      std::cout << "t=" << t << " loss(cpu)=" << workers[0]->last_train_loss()
                << " loss(mem)=" << workers[1]->last_train_loss() << "\n";
    }
  }

  double final_loss = 0.0;
  double early = 0.0, late = 0.0;
  for (size_t w = 0; w < workers.size(); ++w) {
    final_loss += workers[w]->last_train_loss() / workers.size();
    std::vector<double> zeros_e(early_err[w].size(), 0.0), zeros_l(late_err[w].size(), 0.0);
    early += MeanAbsoluteError(early_err[w], zeros_e) / workers.size();
    late += MeanAbsoluteError(late_err[w], zeros_l) / workers.size();
    std::cout << workers[w]->key() << ": " << workers[w]->steps() << " optimizer steps\n";
  }
  std::cout << "final loss: " << final_loss << "\n";
  std::cout << "one-step-ahead MAE (first 60 steps -> last 60 steps): " << early << " -> " << late << "\n";
  return 0;
}
