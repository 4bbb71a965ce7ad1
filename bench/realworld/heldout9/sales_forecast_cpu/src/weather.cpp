#include "weather.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace {
const int kMonthLength[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
const double kPi = 3.14159265358979323846;
}

int monthOf(int day) {
    int d = day % 365;
    for (int m = 0; m < 12; ++m) {
        if (d < kMonthLength[m]) return m + 1;
        d -= kMonthLength[m];
    }
    return 12;
}

int dayOfMonth(int day) {
    int d = day % 365;
    for (int m = 0; m < 12; ++m) {
        if (d < kMonthLength[m]) return d + 1;
        d -= kMonthLength[m];
    }
    return 31;
}

Weather::Weather(int *day, int mode) {
    // the same day always gets the same weather
    std::mt19937 gen(static_cast<unsigned>(*day) * 7919u + 17u);
    std::normal_distribution<float> noise(0.0f, 1.0f);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);

    double phase = 2.0 * kPi * (*day % 365) / 365.0;
    temperature = static_cast<float>(12.0 - 10.0 * std::cos(phase)) + 2.0f * noise(gen);
    humidity = static_cast<float>(70.0 + 12.0 * std::cos(phase)) + 5.0f * noise(gen);
    float rain_draw = unit(gen);
    os = rain_draw < 0.3f ? 12.0f * unit(gen) : 0.0f;
    wind = std::max(0.0f, 3.5f + 1.5f * noise(gen));

    if (mode == 1) {
        // forecasts are a bit off
        temperature += 0.8f * noise(gen);
        wind = std::max(0.0f, wind + 0.5f * noise(gen));
    }
}
