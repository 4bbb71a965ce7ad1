#pragma once

#include <cstdint>

constexpr int64_t kNumInputs = 4;   // sepal length, sepal width, petal length, petal width
constexpr int64_t kNumClasses = 3;  // setosa, versicolor, virginica

// Width of the first hidden layer, defined in constants.cpp.
extern const int64_t kHidden;
