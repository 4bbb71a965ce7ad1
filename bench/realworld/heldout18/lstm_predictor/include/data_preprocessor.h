/**
 * @file data_preprocessor.h
 * @brief Synthetic rainfall-runoff series, scaling and windowing
 */
#pragma once

#include <torch/torch.h>
#include <utility>

namespace lstm_predictor {

class DataPreprocessor {
public:
    explicit DataPreprocessor(int64_t numSteps, uint64_t seed);

    /// Number of input series (rain, temperature, evaporation, day-of-year sin/cos).
    int64_t numFeatures() const { return features_.size(1); }

    /// Builds [N, lookback, F] windows and the flow at the last step of each window.
    std::pair<torch::Tensor, torch::Tensor> makeWindows(int64_t lookback) const;

    /// Splits windows chronologically.
    static std::pair<std::pair<torch::Tensor, torch::Tensor>, std::pair<torch::Tensor, torch::Tensor>>
    split(const std::pair<torch::Tensor, torch::Tensor>& data, double trainFraction);

private:
    torch::Tensor features_;   // [T, F], standardised
    torch::Tensor flow_;       // [T], positive
};

} // namespace lstm_predictor
