/**
 * @file time_series_dataset.cpp
 */

#include "time_series_dataset.h"

namespace lstm_predictor {

TimeSeriesDataset::TimeSeriesDataset(torch::Tensor X, torch::Tensor y)
    : X_(std::move(X)), y_(std::move(y)) {
    TORCH_CHECK(X_.size(0) == y_.size(0), "features and targets differ in length");
}

torch::data::Example<> TimeSeriesDataset::get(size_t index) {
    return {X_[static_cast<int64_t>(index)], y_[static_cast<int64_t>(index)]};
}

torch::optional<size_t> TimeSeriesDataset::size() const {
    return static_cast<size_t>(X_.size(0));
}

} // namespace lstm_predictor
