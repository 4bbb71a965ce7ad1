// Sample points of the fitted function.
#pragma once

#include <vector>

float targetFunc(float x);

void makeSamples(float from, float to, float step, std::vector<float> &x_data, std::vector<float> &y_data);
