// Day-ahead-style load forecasting (12 hours from the last 48) with N-BEATS, on the CPU.
#include <torch/torch.h>

#include <iostream>

#include "finetune.h"
#include "nbeats.h"
#include "series.h"
#include "trainer.h"

int main() {
  torch::manual_seed(1);
  constexpr int64_t kHours = 24 * 7 * 12;  // twelve weeks of hourly data
  constexpr int64_t kLookback = 48;
  constexpr int64_t kHorizon = 12;
  constexpr int64_t kChannels = 3;
  constexpr int64_t kTrainEnd = 1500;
  constexpr int64_t kValidationEnd = 1750;

  const auto raw = make_load_series(kHours, 9);
  const Standardiser scaler = fit_standardiser(raw.slice(0, 0, kTrainEnd));
  const auto series = standardise(raw, scaler);
  const Windows train = make_windows(series, kLookback, kHorizon, 0, kTrainEnd);
  const Windows validation = make_windows(series, kLookback, kHorizon, kTrainEnd, kValidationEnd);
  const Windows test = make_windows(series, kLookback, kHorizon, kValidationEnd, kHours);

  auto options = NBeatsOptions(kLookback, kHorizon).data_size(kChannels);
  NBeats model(options);

  double untrained_mse = 0.0;
  {
    torch::NoGradGuard no_grad;
    untrained_mse = torch::mse_loss(model->forward(test.inputs), test.targets).item<double>();
  }
  const float loss = fit(model, train, FitOptions{/*epochs=*/11, /*batch_size=*/64, /*lr=*/3e-4});
  finetune_forecast_heads(model, validation, /*rounds=*/4);

  torch::NoGradGuard no_grad;
  model->eval();
  auto forecast = model->forward(test.inputs);
  const double test_mse = torch::mse_loss(forecast, test.targets).item<double>();
  const double model_smape = smape(forecast, test.targets, scaler);
  const double naive_smape = smape(seasonal_naive(test, 24), test.targets, scaler);
  std::cout << "final loss: " << loss << "\n";
  std::cout << "test MSE (standardised): " << test_mse << " (untrained " << untrained_mse
            << ")  load sMAPE: " << model_smape
            << "% (seasonal naive " << naive_smape << "%)\n";
  return 0;
}
