#pragma once

#include <array>
#include <cstdint>

// Categorical fields of an impression: user, item, item category, hour, device type, region.
constexpr int64_t kNumFields = 6;
constexpr std::array<int64_t, kNumFields> kFieldCardinality = {500, 300, 20, 24, 4, 30};
