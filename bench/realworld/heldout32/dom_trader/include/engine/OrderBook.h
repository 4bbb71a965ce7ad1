#pragma once
#include <random>
#include <vector>

enum class Side { BID, ASK };

struct MarketOrder {
    Side side = Side::BID;
    int size = 1;
};

// A small stand-in for the simulated limit order book: a mid price that moves by ticks.
class OrderBook {
public:
    OrderBook();
    void initialize_book();
    void setInitialLiquidity(int levels, std::mt19937& rng);
    void update(int n_events, std::mt19937& rng);
    MarketOrder generateMarketOrder() const;
    void processMarketOrder(const MarketOrder& order);
    float getCurrentBestBid() const;
    float getCurrentBestAsk() const;

private:
    float mid;
    float tick = 0.25f;
    int liquidity = 0;
    int drift_sign = 1;
};

// Rolling best bid/ask histories fed to the network (the original also keeps a heatmap).
struct Heatmap {
    Heatmap(int price_levels, int history_len);
    void updateData(const OrderBook& book);
    std::vector<float> best_ask_history;
    std::vector<float> best_bid_history;
};
