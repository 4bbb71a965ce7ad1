#include "samples.h"

#include <cmath>

float targetFunc(float x) {
    auto func = [](float x) { return 2 * std::sin(x) + 4 * std::cos(x) + x * x; };
    return func(x);
}

void makeSamples(float from, float to, float step, std::vector<float> &x_data, std::vector<float> &y_data) {
    for (float x = from; x <= to; x += step) {
        x_data.push_back(x);
        y_data.push_back(targetFunc(x));
    }
}
