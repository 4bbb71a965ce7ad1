#include <random>

#include "MultiAgentEnvironment.h"
#include "MultiSoftActorCritic.h"

double EvaluatePolicy(MultiAgentSAC &sac, int numberOfAgents, int episodes, unsigned seed) {
    std::mt19937 randomEngine(seed);
    std::uniform_real_distribution<double> uniformGoal(-3.0, 3.0);

    std::vector<Vector2d> goals(numberOfAgents);
    double total = 0.0;
    for (int e = 0; e < episodes; ++e) {
        for (auto &g : goals) g = {uniformGoal(randomEngine), uniformGoal(randomEngine)};
        MultiAgentEnvironment environment(numberOfAgents, goals);
        while (true) {
            auto state = environment.State();
            auto action = sac.actGreedy(state);
            auto [reward, status, done] = environment.Act(action);
            (void)reward;
            if (status != PLAYING) break;
        }
        total += environment.MeanDistance();
    }
    return total / episodes;
}
