#include "stock.h"
#include "Normalizer.h"

#include <cmath>
#include <random>

StockDataset::StockDataset(torch::Tensor features, torch::Tensor targets)
    : features_(std::move(features)), targets_(std::move(targets)) {}

torch::data::Example<> StockDataset::get(size_t index) {
    return {features_[index], targets_[index]};
}

torch::optional<size_t> StockDataset::size() const {
    return features_.size(0);
}

std::vector<std::vector<double>> simulatePrices(int64_t numAssets, int64_t numDays, unsigned seed) {
    std::mt19937 gen(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    const double mu = 0.05, sigma = 0.2, dt = 1.0 / 252.0;

    std::vector<std::vector<double>> prices(numAssets, std::vector<double>(numDays, 100.0));
    std::vector<double> previousShock(numAssets, 0.0);
    for (int64_t t = 1; t < numDays; ++t) {
        std::vector<double> shock(numAssets);
        for (int64_t a = 0; a < numAssets; ++a) {
            shock[a] = normal(gen);
        }
        // the first asset follows the second one with a lag of one day
        shock[0] = 0.8 * previousShock[1] + 0.6 * shock[0];
        for (int64_t a = 0; a < numAssets; ++a) {
            const double drift = (mu - 0.5 * sigma * sigma) * dt;
            prices[a][t] = prices[a][t - 1] * std::exp(drift + sigma * std::sqrt(dt) * shock[a]);
        }
        previousShock = shock;
    }
    return prices;
}

std::tuple<StockDataset, StockDataset> parseData(int64_t numAssets, int64_t window) {
    const int64_t numDays = 820;
    const auto prices = simulatePrices(numAssets, numDays, 7u);

    // log returns: {numDays - 1, numAssets}
    auto returns = torch::empty({numDays - 1, numAssets});
    for (int64_t t = 1; t < numDays; ++t) {
        for (int64_t a = 0; a < numAssets; ++a) {
            returns[t - 1][a] = std::log(prices[a][t] / prices[a][t - 1]);
        }
    }

    Normalizer normalizer;
    const int64_t split = 640;
    normalizer.fit(returns.slice(0, 0, split));
    returns = normalizer.transform(returns);

    const int64_t count = returns.size(0) - window;
    auto features = torch::empty({count, window, numAssets});
    auto targets = torch::empty({count, 1});
    for (int64_t i = 0; i < count; ++i) {
        features[i] = returns.slice(0, i, i + window);
        targets[i][0] = returns[i + window][0];
    }

    StockDataset train(features.slice(0, 0, split), targets.slice(0, 0, split));
    StockDataset test(features.slice(0, split), targets.slice(0, split));
    return std::make_tuple(train, test);
}
