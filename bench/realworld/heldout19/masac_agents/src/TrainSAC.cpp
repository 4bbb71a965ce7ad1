#include <torch/torch.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "MultiAgentEnvironment.h"
#include "MultiSoftActorCritic.h"
#include "ReplayBuffer.h"

int main()
{
    torch::manual_seed(0);
    std::srand(0);

    // Random number generator for goal placement
    std::mt19937 randomEngine(42);
    std::uniform_real_distribution<double> uniformGoal(-3.0, 3.0);

    // ===== Environment =====
    const int numberOfAgents = 3;
    std::vector<Vector2d> initialGoals(numberOfAgents);
    for (int i = 0; i < numberOfAgents; ++i) {
        initialGoals[i] = {uniformGoal(randomEngine), uniformGoal(randomEngine)};
    }
    MultiAgentEnvironment environment(numberOfAgents, initialGoals);

    // ===== Multi-agent SAC =====
    const int localObservationDimension = 4;
    const int actionDimension = 2;
    double initialAlpha = 0.1, alphaLearningRate = 1e-3, gamma = 0.95, tau = 0.02, learningRate = 3e-3;
    MultiAgentSAC sac(numberOfAgents, localObservationDimension, actionDimension,
                      initialAlpha, alphaLearningRate, gamma, tau, learningRate);

    // Replay buffer
    ReplayBuffer buffer(100000);
    const size_t batchSize = 64;
    const int totalSteps = 360;

    const double distanceBefore = EvaluatePolicy(sac, numberOfAgents, 20, 7);

    double episodeReward = 0.0;
    int episode = 1;
    int updates = 0;
    for (int step = 0; step < totalSteps; ++step) {
        auto state = environment.State();

        auto action = sac.act(state);
        auto [reward, status, done] = environment.Act(action);
        episodeReward += reward.mean().item<double>();

        auto nextState = environment.State();
        buffer.add(state, action, reward, nextState, done);

        if (buffer.size() > batchSize) {
            sac.trainStep(buffer, batchSize);
            ++updates;
        }

        if (done.item<double>() == 1.) {
            if (episode % 4 == 0)
                std::printf("episode %d: mean reward per agent %.3f, critic loss %.4f\n", episode, episodeReward,
                            sac.lastCriticLoss());
            // Set new goals and reset the agents to their start positions.
            for (int i = 0; i < numberOfAgents; ++i) {
                initialGoals[i] = {uniformGoal(randomEngine), uniformGoal(randomEngine)};
            }
            environment.SetGoals(initialGoals);
            environment.Reset();
            episodeReward = 0.0;
            ++episode;
        }
    }

    const double distanceAfter = EvaluatePolicy(sac, numberOfAgents, 20, 7);
    std::printf("updates: %d\n", updates);
    std::printf("final loss: %.6f\n", sac.lastCriticLoss());
    std::printf("test mean final distance to goal (20 greedy episodes): untrained %.4f -> trained %.4f\n",
                distanceBefore, distanceAfter);
    return 0;
}
