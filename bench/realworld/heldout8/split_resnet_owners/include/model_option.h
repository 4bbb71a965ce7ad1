#pragma once

#include <array>
#include <cstdint>

enum class ResNetOption { kTiny, kSmall };

// Residual blocks per stage for each model option.
std::array<int64_t, 3> get_layers(ResNetOption option);
