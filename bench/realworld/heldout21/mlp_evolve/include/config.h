#ifndef __RUNCONFIG__
#define __RUNCONFIG__
#include <stdint.h> // defines uint32_t, ...

namespace config {
    // width of the hand-designed seed network that starts the population
    constexpr uint32_t kSeedWidth = 60;

    struct TrainConfig {
        uint32_t n_batch;
        uint32_t n_sample;
        float lr;
    };
    struct EvalConfig {
        uint32_t n_batch;
        uint32_t n_sample;
    };
    struct EvolveConfig {
        uint32_t population;
        uint32_t generations;
        uint32_t survivors;
        uint32_t min_width;
        uint32_t max_width;
    };
}
#endif
