#pragma once

#include <cstdint>

// Hyper-parameters of the character model, written as CppGPT.cpp writes them.
constexpr uint8_t batchSize{16};
constexpr uint8_t contextMaxSize{24};

constexpr uint8_t embeddingDim{100};
constexpr uint8_t fanOut{3};
