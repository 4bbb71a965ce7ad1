#pragma once

#include <cstdint>

struct ModelConfigBase {
    int64_t feature_dim = 30;   // per-Gaussian appearance code
};

struct AppearanceConfig : ModelConfigBase {
    int64_t hidden = 64;
    int64_t out_channels = 3;
};

struct ScaleInitConfig {
    float constant_scale = 0.08f;
    float min_dist2 = 1e-12f;
    float scale_multiplier = 1.0f;
    int max_points_for_bruteforce = 4096;
};
