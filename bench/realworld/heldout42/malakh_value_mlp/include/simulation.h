#pragma once

#include <string>

class SimulationManager {
public:
    // Writes gameCount simulated positions (13 evaluation features and the
    // game value) to outputFile, in the CSV layout the trainer reads.
    static void simulateGames(int gameCount, const std::string& outputFile);
};
