#include "engine/OrderBook.h"

OrderBook::OrderBook() : mid(20000.0f) {}

void OrderBook::initialize_book() {
    mid = 20000.0f;
    liquidity = 0;
}

void OrderBook::setInitialLiquidity(int levels, std::mt19937& rng) {
    liquidity = levels;
    drift_sign = (rng() % 2 == 0) ? 1 : -1;
}

void OrderBook::update(int n_events, std::mt19937& rng) {
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    for (int i = 0; i < n_events; ++i) {
        float p = u(rng);
        if (p < 0.02f) {
            mid += tick;
        } else if (p < 0.04f) {
            mid -= tick;
        } else if (p < 0.05f) {
            mid += drift_sign * tick;
        }
        if (p > 0.9995f) {
            drift_sign = -drift_sign;
        }
    }
}

MarketOrder OrderBook::generateMarketOrder() const {
    return MarketOrder{};
}

void OrderBook::processMarketOrder(const MarketOrder& order) {
    // the agent's market order takes one level of liquidity
    mid += (order.side == Side::ASK ? 0.5f : -0.5f) * tick * order.size;
}

float OrderBook::getCurrentBestBid() const { return mid - tick / 2; }
float OrderBook::getCurrentBestAsk() const { return mid + tick / 2; }

Heatmap::Heatmap(int price_levels, int history_len)
    : best_ask_history(history_len, 20000.125f), best_bid_history(history_len, 19999.875f) {
    (void)price_levels;
}

void Heatmap::updateData(const OrderBook& book) {
    best_ask_history.erase(best_ask_history.begin());
    best_ask_history.push_back(book.getCurrentBestAsk());
    best_bid_history.erase(best_bid_history.begin());
    best_bid_history.push_back(book.getCurrentBestBid());
}
