#ifndef TRAINER_H
#define TRAINER_H

#include <torch/torch.h>
#include "LSTMModel.h"
#include "stock.h"

using StockLoader = torch::data::StatelessDataLoader<
    torch::data::datasets::MapDataset<StockDataset, torch::data::transforms::Stack<>>,
    torch::data::samplers::RandomSampler>;

double train_epoch(LSTMModel& model, StockLoader& loader, torch::optim::Adam& optimizer,
                   torch::Device device);

struct EvalResult {
    double mse;
    double directionAccuracy;
};

EvalResult evaluate(LSTMModel& model, const StockDataset& data, torch::Device device);

#endif
