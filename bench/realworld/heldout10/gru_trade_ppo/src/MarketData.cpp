#include "MarketData.h"

#include <cmath>
#include <random>

namespace data {

// A regime-switching random walk stands in for the exchange's daily csv:
// diff (the day's return in percent), 5- and 20-day momentum, 10-day
// volatility, a noisy sentiment index that follows the regime, and volume.
MarketData::MarketData(long days, uint64_t seed, torch::Device device)
    : _names({"diff", "mom5", "mom20", "vol10", "sentiment", "volume"})
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> gauss(0.0, 1.0);
    std::uniform_real_distribution<double> unif(0.0, 1.0);

    std::vector<double> diff(days), regime(days);
    int state = 1;
    for (long t = 0; t < days; ++t) {
        if (unif(rng) > 0.97)
            state = -state;
        regime[t] = state;
        double mu = state > 0 ? 0.30 : -0.30;
        double sigma = state > 0 ? 0.9 : 1.3;
        diff[t] = mu + sigma * gauss(rng);
    }

    auto mean_back = [&](long t, long n) {
        double s = 0.0; long c = 0;
        for (long k = std::max(0L, t - n + 1); k <= t; ++k) { s += diff[k]; ++c; }
        return s / c;
    };

    _table = torch::zeros({days, (long)_names.size()}, torch::kFloat32);
    auto acc = _table.accessor<float, 2>();
    for (long t = 0; t < days; ++t) {
        double m10 = mean_back(t, 10);
        double v = 0.0; long c = 0;
        for (long k = std::max(0L, t - 9); k <= t; ++k) { v += (diff[k] - m10) * (diff[k] - m10); ++c; }
        acc[t][0] = diff[t];
        acc[t][1] = mean_back(t, 5);
        acc[t][2] = mean_back(t, 20);
        acc[t][3] = std::sqrt(v / c);
        acc[t][4] = regime[t] + 0.7 * gauss(rng);
        acc[t][5] = std::fabs(diff[t]) + 0.3 * gauss(rng);
    }
    _table = _table.to(device);
}

torch::Tensor MarketData::getCol(const std::string &name) const {
    for (size_t i = 0; i < _names.size(); ++i)
        if (_names[i] == name)
            return _table.index({torch::indexing::Slice(), (long)i});
    throw std::runtime_error("no column " + name);
}

torch::Tensor MarketData::getCols(const std::vector<long> &cols) const {
    auto idx = torch::tensor(std::vector<int64_t>(cols.begin(), cols.end()),
                             torch::TensorOptions().dtype(torch::kLong).device(_table.device()));
    return _table.index_select(1, idx);
}

};
