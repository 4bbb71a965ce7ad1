#include "file.h"
#include "weather.h"

#include <algorithm>
#include <iostream>
#include <random>

namespace {
const int kHistoryDays = 730;  // two years of exports
}

int historyLength() { return kHistoryDays; }

float getSales(int prod, int day) {
    Weather weather(&day, 0);
    std::mt19937 gen(static_cast<unsigned>(day) * 104729u + static_cast<unsigned>(prod));
    std::normal_distribution<float> noise(0.0f, 1.5f);

    int month = monthOf(day);
    float base = 20.0f + 2.0f * static_cast<float>(prod);
    float summer = (month >= 6 && month <= 8) ? 4.0f : 0.0f;
    float sales = base + 1.8f * (weather.get_temperature() - 12.0f) - 1.2f * weather.getOs() + summer
                  + 0.05f * static_cast<float>(dayOfMonth(day)) - 0.3f * weather.getWindSpeed() + noise(gen);
    return std::max(0.0f, sales);
}

std::vector<SalesRow> getfile1(int *prod) {
    std::vector<SalesRow> rows;
    rows.reserve(kHistoryDays);
    for (int day = 0; day < kHistoryDays; ++day) {
        Weather weather(&day, 0);
        rows.emplace_back(static_cast<float>(*prod), static_cast<float>(dayOfMonth(day)), static_cast<float>(monthOf(day)),
                          getSales(*prod, day), weather.get_temperature(), weather.get_humidity(), weather.getOs(),
                          weather.getWindSpeed());
    }
    std::cout << "rows read for product " << *prod << ": " << rows.size() << std::endl;
    return rows;
}
