#pragma once

#include <vector>

#include "models.h"
#include "records.h"

struct EvalResult {
  double loss;
  double accuracy;
};

// Manual gradient descent on MySimpleNN (no optimizer), returns the last loss.
double train_manual(MySimpleNN& model, const Split& split, int epochs, double learningRate);
EvalResult evaluate_manual(MySimpleNN& model, const Split& split);

// Mini-batch SGD with BCELoss and a StepLR schedule, returns the last epoch's mean loss.
double train_with_loader(NNModel& model, const Split& split, int epochs, int64_t batchsize,
                         double learningRate);
EvalResult evaluate_loader(NNModel& model, const Split& split, int64_t batchsize);
