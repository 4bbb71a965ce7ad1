#include <torch/torch.h>

#include <iostream>
#include <random>

#include "data.h"
#include "esmm.h"
#include "esmm_options.h"
#include "trainer.h"

int main() {
  torch::manual_seed(21);
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available()) {
    device = torch::Device(torch::kCUDA, 0);
  }

  std::mt19937 rng(8);
  ImpressionLog train = make_impressions(20000, rng);
  ImpressionLog test = make_impressions(5000, rng);
  std::cout << "train CTR " << train.click.mean().item<double>() << ", CVR among clicks "
            << (train.conversion.sum() / train.click.sum()).item<double>() << std::endl;

  auto model_opts = EsmmOptions().with_embed_dim(20);
  auto ctr_opts = TowerOptions().with_hidden(100).with_dropout(0.1);
  auto cvr_opts = TowerOptions().with_hidden(64).with_dropout(0.1);
  Esmm model(model_opts, ctr_opts, cvr_opts);

  TrainSettings settings;
  const double final_loss = train_esmm(model, train, settings, device);
  EvalResult result = evaluate(model, test, device);

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test CTR AUC: " << result.ctr_auc << ", CTCVR AUC: " << result.ctcvr_auc
            << ", CTR log loss: " << result.ctr_logloss << std::endl;
  return 0;
}
