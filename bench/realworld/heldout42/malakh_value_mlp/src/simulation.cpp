#include "simulation.h"

#include <torch/torch.h>

#include <fstream>

void SimulationManager::simulateGames(int gameCount, const std::string& outputFile)
{
    // Synthetic stand-in for the engine-vs-Fairy-Stockfish games: 13 features
    // per position (material, mobility, ...) and a smooth value target.
    auto features = torch::randn({gameCount, 13});
    auto weights = torch::linspace(-1.0, 1.0, 13);
    auto value = torch::tanh(features.matmul(weights) * 0.5) +
                 0.1 * features.select(1, 0) * features.select(1, 1);

    std::ofstream file(outputFile);
    for (int j = 0; j < 13; ++j)
        file << "f" << j << ",";
    file << "value\n";
    auto f = features.accessor<float, 2>();
    auto v = value.accessor<float, 1>();
    for (int i = 0; i < gameCount; ++i) {
        for (int j = 0; j < 13; ++j)
            file << f[i][j] << ",";
        file << v[i] << "\n";
    }
}
