#pragma once

#include <torch/torch.h>

#include "churn_data.h"
#include "churn_net.h"

// One pass over the data; returns the mean loss per batch.
double train_epoch(ChurnNet& net, torch::optim::Optimizer& optimizer, const ChurnData& data,
                   int64_t batch_size, torch::Device device);
