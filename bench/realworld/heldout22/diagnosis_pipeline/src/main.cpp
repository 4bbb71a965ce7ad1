#include <torch/torch.h>

#include <iostream>
#include <vector>

#include "models.h"
#include "records.h"
#include "training.h"

namespace {
const std::vector<int64_t> kHiddenWidths = {60, 20};
constexpr int64_t kBatchSize = 32;
}  // namespace

int main() {
  torch::manual_seed(4);

  auto table = make_synthetic_csv(400, 5);
  std::cout << "rows: " << table.rows.size() << ", columns: " << table.headers.size() << "\n";

  // Part 1: logistic regression updated by hand (float64, as the original).
  auto split64 = encode_and_split(table, torch::kFloat64);
  MySimpleNN simple(split64.X_train.size(1));
  const auto simple_before = evaluate_manual(simple, split64);
  train_manual(simple, split64, 300, 0.1);
  const auto simple_after = evaluate_manual(simple, split64);

  // Part 2: the module with a data loader, SGD and BCELoss (float32).
  auto split32 = encode_and_split(table, torch::kFloat32);
  NNModel model(split32.X_train.size(1), kHiddenWidths);
  const auto mlp_before = evaluate_loader(model, split32, kBatchSize);
  const double final_loss = train_with_loader(model, split32, 25, kBatchSize, 0.01);
  const auto mlp_after = evaluate_loader(model, split32, kBatchSize);

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test accuracy (MLP): " << mlp_before.accuracy << " -> " << mlp_after.accuracy
            << " (test BCE " << mlp_after.loss << ")" << std::endl;
  std::cout << "test accuracy (manual logistic regression): " << simple_before.accuracy << " -> "
            << simple_after.accuracy << std::endl;
  return 0;
}
