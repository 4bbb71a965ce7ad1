
#ifndef SOFT_ACTOR_CRITIC_H
#define SOFT_ACTOR_CRITIC_H

#include <torch/torch.h>
#include "replayBuffer.h"
#include "networks.h"
#include "sacParameters.h"

class SoftActorCritic{
    private:
        /// Parmaters
        SACParameters params;

        /// Memory for the training
        ReplayBuffer memory;

        /// Actor network
        Networks::Actor actorNet;

        /// First critic network
        Networks::Critic criticNet1;

        /// Second critic network
        Networks::Critic criticNet2;

        /// Value network
        Networks::Value valueNet;

        /// Target Value network
        Networks::Value targetValueNet;

        /// Device of the batches
        torch::Device device;

        /// Number of learning steps done
        int learnSteps = 0;

        /// Last losses (value, actor, critic)
        float lastLosses[3] = {0, 0, 0};

    public:
        SoftActorCritic(
            SACParameters params, int stateSize, int actionSize)
            : memory(params.sizeBuffer, stateSize, actionSize),
            actorNet(params.lr, stateSize, actionSize, params.sizeHL1, params.sizeHL2, "actor"),
            criticNet1(params.lr, stateSize, actionSize, params.sizeHL1, params.sizeHL2, "critic1"),
            criticNet2(params.lr, stateSize, actionSize, params.sizeHL1, params.sizeHL2, "critic2"),
            valueNet(params.lr, stateSize, params.sizeHL1, params.sizeHL2, "value"),
            targetValueNet(params.lr, stateSize, params.sizeHL1, params.sizeHL2, "targetvalue"),
            device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU) {
                this->params = params;

                // Update target value network with tau=1 is equivalent to copie the weight of value network to target value
                updateNetworkParameter(1);
            }

        /// Choose an action with the actor network (sampled on the normal distribution)
        torch::Tensor chooseAction(torch::Tensor observation);

        /// Deterministic action (tanh of the mean), for evaluation
        torch::Tensor bestAction(torch::Tensor observation);

        /// Save data in the memory buffer
        void remember(torch::Tensor state, torch::Tensor action, double reward, torch::Tensor newState, bool done);

        /// Update the target value parameters to the value parameters, scaled by tau
        void updateNetworkParameter(double currentTau=0);

        /// Learn function
        void learn();

        int getLearnSteps() const { return learnSteps; }
        const float* getLastLosses() const { return lastLosses; }
};

# endif
