#pragma once
#include <torch/torch.h>

#include <memory>
#include <vector>

#include "Models.h"        // Reuse your Actor / Critic implementations
#include "ReplayBuffer.h"  // Reuse your buffer (store reward as [1, N])

/**
 * Multi-Agent SAC with INDEPENDENT centralized Twin-Q per agent (CTDE):
 * - Each agent i has its own: Actor, temperature alpha_i, and Twin-Q_i (with targets).
 * - Critic inputs are centralized: concat(all local observations), concat(all actions).
 * - Actor i is updated against its OWN critic Q_i.
 * - Reward is per-agent: R[:, i].
 * - Done is shared here (shape [B,1]) to keep the example simple.
 */
class MultiAgentSAC {
public:
    MultiAgentSAC(int numberOfAgents,
                  int localObservationDimension,
                  int actionDimension,
                  double initialAlpha,
                  double alphaLearningRate,
                  double discountFactor,
                  double targetUpdateTau,
                  double learningRate);

    torch::Tensor sliceLocalObservation(const torch::Tensor &batchGlobalState, int agentIndex) const;

    static torch::Tensor concatAlongFeature(const std::vector<torch::Tensor> &parts);

    // Stochastic joint action for one global state [1, globalStateDimension]
    torch::Tensor act(const torch::Tensor &globalState);

    // Deterministic joint action (tanh of the means) for evaluation
    torch::Tensor actGreedy(const torch::Tensor &globalState);

    // One training step using a minibatch sampled from the buffer
    void trainStep(ReplayBuffer &buffer, size_t batchSize);

    double lastCriticLoss() const { return lastCriticLoss_; }

private:
    int numberOfAgents_;
    int localObservationDimension_;
    int actionDimension_;
    int globalStateDimension_;
    int jointActionDimension_;

    double gamma_;
    double tau_;
    double targetEntropy_;
    double lastCriticLoss_ = 0.0;

    // Per-agent policies and temperatures
    std::vector<Actor> actors_;
    std::vector<torch::optim::Adam> actorOptimizers_;

    std::vector<torch::Tensor> logAlphas_;
    std::vector<double> temperatures_;
    std::vector<torch::optim::Adam> alphaOptimizers_;

    // Per-agent centralized twin critics + targets
    std::vector<Critic> critics1_, critics2_, targetCritics1_, targetCritics2_;
    std::vector<std::unique_ptr<torch::optim::Adam>> critic1Optimizers_, critic2Optimizers_;

    // Utilities
    void softUpdate(const Critic &source, Critic &target);
    void hardCopy(const Critic &source, Critic &target);
};

// Mean distance of the agents to their goals at the end of deterministic episodes.
double EvaluatePolicy(MultiAgentSAC &sac, int numberOfAgents, int episodes, unsigned seed);
