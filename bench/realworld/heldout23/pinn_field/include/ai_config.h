#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

// The "AI" sub-dictionary of system/fvSolution in pinnFoam.
struct AiConfig
{
    // - NN architecture
    std::vector<int64_t> hiddenLayers{64, 64};
    double optimizerStep = 1e-3;
    // - Training error tolerance.
    double epsilon = 1e-5;
    // - Maximal number of training iterations.
    std::size_t maxIterations = 100;
};

AiConfig readAiDict();
