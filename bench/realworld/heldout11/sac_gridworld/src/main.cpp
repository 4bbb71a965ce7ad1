
#include <torch/torch.h>
#include <iomanip>
#include <iostream>

#include "softActorCritic.h"
#include "sacParameters.h"
#include "gridworld.h"
#include <numeric>
#include <vector>

namespace {

// the continuous action in [-1, 1] is cut into the four moves
int toRealAction(float a){
    if (a < -0.5) return 0;
    if (a < 0) return 1;
    if (a < 0.5) return 2;
    return 3;
}

// success rate and mean steps of the deterministic policy (or of random moves) from 50 starts
std::pair<double, double> evaluate(SoftActorCritic& algo, bool random){
    GridWorld env(123);
    std::mt19937 gen(9);
    std::uniform_int_distribution<int> move(0, 3);
    int success = 0, steps = 0;
    for (int episode = 0; episode < 50; episode++){
        env.reset();
        while (!env.isTerminated()){
            int a = random ? move(gen) : toRealAction(algo.bestAction(env.getState()).item<float>());
            env.doAction(a);
        }
        success += env.reachedGoal();
        steps += env.getSteps();
    }
    return {success / 50.0, steps / 50.0};
}

}

int main(int argc, char** argv) {
    torch::manual_seed(0);

// Test of soft actor critic on a very simple Grid World environnement

    GridWorld env(1);

    SACParameters sacParams;
    sacParams.loadParametersFromArgs(argc, argv);

    SoftActorCritic algo(sacParams, GridWorld::kStateSize, 1);

    auto untrained = evaluate(algo, false);

    bool terminated;
    torch::Tensor state;
    torch::Tensor newState;
    torch::Tensor actionTensor;

    double reward;
    double rewardEpisode;
    std::vector<double> listRewards;

    int episode = 0;
    while (algo.getLearnSteps() < sacParams.maxLearnSteps){

        env.reset();
        terminated = env.isTerminated();
        state = env.getState();
        rewardEpisode = 0;

        while(!terminated && algo.getLearnSteps() < sacParams.maxLearnSteps){
            actionTensor = algo.chooseAction(state);
            int realAction = toRealAction(actionTensor.item<float>());

            reward = env.doAction(realAction);
            terminated = env.isTerminated();
            newState = env.getState();

            algo.remember(state, actionTensor, reward, newState, env.reachedGoal());

            state = newState;
            rewardEpisode += reward;

            algo.learn();
        }
        listRewards.push_back(rewardEpisode);
        episode++;
        if (episode % 10 == 0){
            double last = std::accumulate(listRewards.end() - 10, listRewards.end(), 0.0) / 10;
            std::cout << "episode " << episode << " -- learn steps " << algo.getLearnSteps()
                      << " -- mean reward last 10 ep : " << last << std::endl;
        }
    }

    auto trained = evaluate(algo, false);
    auto random = evaluate(algo, true);
    const float* losses = algo.getLastLosses();
    std::cout << std::fixed << std::setprecision(4);
    std::cout << "optimizer steps: " << algo.getLearnSteps() << " per optimizer (value, actor, critic1, critic2), "
              << episode << " episodes" << std::endl;
    std::cout << "final loss: " << losses[0] + losses[1] + losses[2]
              << " (value " << losses[0] << ", actor " << losses[1] << ", critics " << losses[2] << ")" << std::endl;
    std::cout << "test metric: deterministic policy from 50 random starts: success " << trained.first
              << ", mean steps " << trained.second << " (untrained " << untrained.first << ", " << untrained.second
              << "; random moves " << random.first << ", " << random.second << ")" << std::endl;
    return 0;
}
