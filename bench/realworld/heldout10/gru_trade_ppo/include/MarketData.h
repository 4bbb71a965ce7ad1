#ifndef _MARKET_DATA_H_
#define _MARKET_DATA_H_

#include <torch/torch.h>
#include <string>
#include <vector>

namespace data {

// stands in for the csv loader: one synthetic asset, one row per day
class MarketData {
public:
    MarketData(long days, uint64_t seed, torch::Device device);

    torch::Tensor getCol(const std::string &name) const;
    torch::Tensor getCols(const std::vector<long> &cols) const;
    long numCol() const { return (long)_names.size(); }
    long numRow() const { return _table.size(0); }
    const std::vector<std::string> &names() const { return _names; }

private:
    std::vector<std::string> _names;
    torch::Tensor _table;   // [days, numCol]
};

};

#endif // _MARKET_DATA_H_
