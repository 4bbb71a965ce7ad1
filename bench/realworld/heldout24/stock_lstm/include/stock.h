#ifndef STOCK_H
#define STOCK_H

#include <torch/torch.h>
#include <tuple>
#include <vector>

// One window of returns of all the assets, and the next return of the first one.
class StockDataset : public torch::data::datasets::Dataset<StockDataset> {
public:
    StockDataset(torch::Tensor features, torch::Tensor targets);

    torch::data::Example<> get(size_t index) override;
    torch::optional<size_t> size() const override;

    const torch::Tensor& features() const { return features_; }
    const torch::Tensor& targets() const { return targets_; }

private:
    torch::Tensor features_;
    torch::Tensor targets_;
};

// Simulated prices of correlated assets (geometric Brownian motion), in place of the downloaded quotes.
std::vector<std::vector<double>> simulatePrices(int64_t numAssets, int64_t numDays, unsigned seed);

std::tuple<StockDataset, StockDataset> parseData(int64_t numAssets, int64_t window);

#endif
