#pragma once

#include <random>
#include <utility>

#include <torch/torch.h>

#include "series_data.h"
#include "time_series_transformer.h"

double train_epoch(TimeSeriesTransformer& model, torch::optim::AdamW& optimizer,
                   const SeriesBatchSet& data, int64_t batch_size, torch::Device device,
                   std::mt19937_64& rng);

double evaluate_autoregressive(TimeSeriesTransformer& model, const SeriesBatchSet& data,
                               torch::Device device);

// Fits an output scale and shift on held-out predictions (L-BFGS).
std::pair<double, double> calibrate_output(TimeSeriesTransformer& model, const SeriesBatchSet& data,
                                           torch::Device device);
