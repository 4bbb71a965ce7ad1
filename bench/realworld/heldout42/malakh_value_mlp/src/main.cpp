#include <torch/torch.h>

#include <filesystem>
#include <iostream>
#include <string>

#include "simulation.h"
#include "training.h"

static std::string workPath(const std::string& name)
{
    return (std::filesystem::temp_directory_path() / ("heldout42_malakh_" + name)).string();
}

void startSimulation()
{
    int gameCount = 1024;

    SimulationManager::simulateGames(gameCount, workPath("output.csv"));
}

float startTraining()
{
    int epochs = 10;

    return TrainingManager::trainModel(workPath("output.csv"), workPath("output.pt"), epochs);
}

int main()
{
    torch::manual_seed(0);
    torch::set_num_threads(1);

    // startUCI();
    // testUCI();
    // testEngine();
    startSimulation();
    float loss = startTraining();

    std::cout << "final loss: " << loss << std::endl;
    return 0;
}
