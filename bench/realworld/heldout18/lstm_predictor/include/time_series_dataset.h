/**
 * @file time_series_dataset.h
 * @brief Sliding-window dataset of (window, next value) pairs
 */
#pragma once

#include <torch/torch.h>

namespace lstm_predictor {

class TimeSeriesDataset : public torch::data::datasets::Dataset<TimeSeriesDataset> {
public:
    TimeSeriesDataset(torch::Tensor X, torch::Tensor y);

    torch::data::Example<> get(size_t index) override;
    torch::optional<size_t> size() const override;

    const torch::Tensor& features() const { return X_; }
    const torch::Tensor& targets() const { return y_; }

private:
    torch::Tensor X_;   // [N, lookback, features]
    torch::Tensor y_;   // [N]
};

} // namespace lstm_predictor
