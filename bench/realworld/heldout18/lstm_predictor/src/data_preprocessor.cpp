/**
 * @file data_preprocessor.cpp
 */

#include "data_preprocessor.h"

#include <cmath>
#include <random>
#include <vector>

namespace lstm_predictor {

DataPreprocessor::DataPreprocessor(int64_t numSteps, uint64_t seed) {
    std::mt19937 rng(static_cast<uint32_t>(seed));
    std::gamma_distribution<float> rainAmount(0.6f, 8.0f);
    std::bernoulli_distribution rainy(0.25);
    std::normal_distribution<float> noise(0.0f, 1.0f);

    std::vector<float> rain(numSteps), temp(numSteps), evap(numSteps), flow(numSteps);
    float storage = 5.0f;
    for (int64_t t = 0; t < numSteps; ++t) {
        float season = std::sin(6.2831853f * t / 365.0f);
        rain[t] = rainy(rng) ? rainAmount(rng) : 0.0f;
        temp[t] = 12.0f + 9.0f * season + 1.5f * noise(rng);
        evap[t] = std::max(0.0f, 0.08f * temp[t] + 0.2f * noise(rng));
        storage = std::max(0.0f, storage + rain[t] - evap[t] - 0.15f * storage);
        flow[t] = 0.4f + 0.06f * storage + 0.05f * rain[t];
    }

    auto toTensor = [](const std::vector<float>& v) {
        return torch::from_blob(const_cast<float*>(v.data()), {static_cast<int64_t>(v.size())},
                                torch::kFloat32).clone();
    };
    auto day = torch::arange(numSteps, torch::kFloat32);
    auto raw = torch::stack({toTensor(rain), toTensor(temp), toTensor(evap),
                             torch::sin(day * 6.2831853 / 365.0), torch::cos(day * 6.2831853 / 365.0)}, 1);
    auto mean = raw.mean(0, true);
    auto std = raw.std(0, true, true);
    features_ = (raw - mean) / std;
    flow_ = toTensor(flow);
}

std::pair<torch::Tensor, torch::Tensor> DataPreprocessor::makeWindows(int64_t lookback) const {
    const int64_t n = features_.size(0) - lookback;
    std::vector<torch::Tensor> xs, ys;
    xs.reserve(n);
    ys.reserve(n);
    for (int64_t i = 0; i < n; ++i) {
        xs.push_back(features_.slice(0, i, i + lookback));
        ys.push_back(flow_[i + lookback - 1]);
    }
    return {torch::stack(xs), torch::stack(ys)};
}

std::pair<std::pair<torch::Tensor, torch::Tensor>, std::pair<torch::Tensor, torch::Tensor>>
DataPreprocessor::split(const std::pair<torch::Tensor, torch::Tensor>& data, double trainFraction) {
    const int64_t n = data.first.size(0);
    const int64_t nTrain = static_cast<int64_t>(n * trainFraction);
    return {{data.first.slice(0, 0, nTrain), data.second.slice(0, 0, nTrain)},
            {data.first.slice(0, nTrain, n), data.second.slice(0, nTrain, n)}};
}

} // namespace lstm_predictor
