#pragma once

#include <torch/torch.h>

#include "data.h"
#include "esmm.h"

struct TrainSettings {
  int64_t epochs = 3;
  int64_t batch_size = 256;
  double lr = 2e-3;
  double l2 = 1e-6;
};

double train_esmm(Esmm &model, const ImpressionLog &train, const TrainSettings &settings, torch::Device device);

struct EvalResult {
  double ctr_auc;
  double ctcvr_auc;
  double ctr_logloss;
};
EvalResult evaluate(Esmm &model, const ImpressionLog &test, torch::Device device);
