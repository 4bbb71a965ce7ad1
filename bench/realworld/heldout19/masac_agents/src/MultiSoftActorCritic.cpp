#include "MultiSoftActorCritic.h"

MultiAgentSAC::MultiAgentSAC(int numberOfAgents,
                             int localObservationDimension,
                             int actionDimension,
                             double initialAlpha,
                             double alphaLearningRate,
                             double discountFactor,
                             double targetUpdateTau,
                             double learningRate)
    : numberOfAgents_(numberOfAgents),
      localObservationDimension_(localObservationDimension),
      actionDimension_(actionDimension),
      globalStateDimension_(numberOfAgents * localObservationDimension),
      jointActionDimension_(numberOfAgents * actionDimension),
      gamma_(discountFactor),
      tau_(targetUpdateTau),
      targetEntropy_(-static_cast<double>(actionDimension)) // standard SAC heuristic
{
    // Per-agent actor and temperature
    actors_.reserve(numberOfAgents_);
    actorOptimizers_.reserve(numberOfAgents_);
    logAlphas_.reserve(numberOfAgents_);
    alphaOptimizers_.reserve(numberOfAgents_);
    temperatures_.resize(numberOfAgents_);

    for (int i = 0; i < numberOfAgents_; ++i) {
        actors_.emplace_back(Actor(localObservationDimension_, actionDimension_));
        actors_.back()->to(torch::kF64);
        actorOptimizers_.emplace_back(actors_.back()->parameters(), learningRate);

        auto logAlpha = torch::log(torch::tensor({initialAlpha}, torch::kF64)).set_requires_grad(true);
        logAlphas_.push_back(logAlpha);
        alphaOptimizers_.emplace_back(std::vector<torch::Tensor>{logAlphas_.back()}, alphaLearningRate);
        temperatures_[i] = initialAlpha;
    }

    // Per-agent twin critics (centralized inputs)
    critics1_.resize(numberOfAgents_, nullptr);
    critics2_.resize(numberOfAgents_, nullptr);
    targetCritics1_.resize(numberOfAgents_, nullptr);
    targetCritics2_.resize(numberOfAgents_, nullptr);
    critic1Optimizers_.resize(numberOfAgents_);
    critic2Optimizers_.resize(numberOfAgents_);

    for (int i = 0; i < numberOfAgents_; ++i) {
        critics1_[i] = Critic(globalStateDimension_, jointActionDimension_);
        critics2_[i] = Critic(globalStateDimension_, jointActionDimension_);
        targetCritics1_[i] = Critic(globalStateDimension_, jointActionDimension_);
        targetCritics2_[i] = Critic(globalStateDimension_, jointActionDimension_);

        critics1_[i]->to(torch::kF64);
        critics2_[i]->to(torch::kF64);
        targetCritics1_[i]->to(torch::kF64);
        targetCritics2_[i]->to(torch::kF64);

        hardCopy(critics1_[i], targetCritics1_[i]);
        hardCopy(critics2_[i], targetCritics2_[i]);

        critic1Optimizers_[i] = std::make_unique<torch::optim::Adam>(critics1_[i]->parameters(), learningRate);
        critic2Optimizers_[i] = std::make_unique<torch::optim::Adam>(critics2_[i]->parameters(), learningRate);
    }
}

// Forward a batch global state to extract the local slice for agent i
torch::Tensor MultiAgentSAC::sliceLocalObservation(const torch::Tensor &batchGlobalState, int agentIndex) const {
    const int start = agentIndex * localObservationDimension_;
    return batchGlobalState.index({torch::indexing::Slice(),
                                   torch::indexing::Slice(start, start + localObservationDimension_)});
}

// Concatenate along feature dimension
torch::Tensor MultiAgentSAC::concatAlongFeature(const std::vector<torch::Tensor> &parts) {
    return torch::cat(parts, /*dim=*/1);
}

torch::Tensor MultiAgentSAC::act(const torch::Tensor &globalState) {
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> actionParts;
    actionParts.reserve(numberOfAgents_);
    for (int i = 0; i < numberOfAgents_; ++i) {
        auto [action_i, logProb_i] = actors_[i]->sample(sliceLocalObservation(globalState, i));
        (void)logProb_i; // not needed when acting
        actionParts.push_back(action_i);
    }
    return concatAlongFeature(actionParts); // shape [1, jointActionDimension_]
}

torch::Tensor MultiAgentSAC::actGreedy(const torch::Tensor &globalState) {
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> actionParts;
    for (int i = 0; i < numberOfAgents_; ++i) {
        auto [mu_i, logStd_i] = actors_[i]->forward(sliceLocalObservation(globalState, i));
        (void)logStd_i;
        actionParts.push_back(mu_i.tanh());
    }
    return concatAlongFeature(actionParts);
}

// One training step using a minibatch sampled from the buffer
// Buffer sample shapes:
//   S:  [B, globalStateDimension_]
//   A:  [B, jointActionDimension_]
//   R:  [B, numberOfAgents_]
//   S2: [B, globalStateDimension_]
//   D:  [B, 1]
void MultiAgentSAC::trainStep(ReplayBuffer &buffer, size_t batchSize) {
    if (buffer.size() < batchSize) return;

    auto [batchState, batchAction, batchReward, batchNextState, batchDone] = buffer.sample(batchSize);

    // Next joint action sampled from current actors (for all agents)
    std::vector<torch::Tensor> nextActionParts, nextLogProbParts;
    nextActionParts.reserve(numberOfAgents_);
    nextLogProbParts.reserve(numberOfAgents_);
    for (int i = 0; i < numberOfAgents_; ++i) {
        auto nextLocalObs_i = sliceLocalObservation(batchNextState, i);
        auto [nextAction_i, nextLogProb_i] = actors_[i]->sample(nextLocalObs_i);
        nextActionParts.push_back(nextAction_i);
        nextLogProbParts.push_back(nextLogProb_i);
    }
    auto batchNextAction = concatAlongFeature(nextActionParts); // [B, jointActionDimension_]

    // Sum of next log-probabilities across agents (appears in target)
    auto sumNextLogProb = torch::zeros_like(nextLogProbParts[0]);
    for (auto &lp : nextLogProbParts) sumNextLogProb = sumNextLogProb + lp;

    // ---- Per-agent critic updates (independent centralized Q for each agent) ----
    double criticLossTotal = 0.0;
    for (int i = 0; i < numberOfAgents_; ++i) {
        torch::Tensor targetQ_i;
        {
            torch::NoGradGuard noGrad;

            auto q1Next = targetCritics1_[i]->forward(batchNextState, batchNextAction); // [B,1]
            auto q2Next = targetCritics2_[i]->forward(batchNextState, batchNextAction); // [B,1]
            auto minQNext = torch::min(q1Next, q2Next);

            // R[:, i] -> shape [B, 1]
            auto rewardColumn_i = batchReward.index({torch::indexing::Slice(), i}).view({-1, 1});

            targetQ_i = rewardColumn_i
                + gamma_ * (1.0 - batchDone) * (minQNext - temperatures_[i] * sumNextLogProb);
        }

        auto q1 = critics1_[i]->forward(batchState, batchAction);
        auto q2 = critics2_[i]->forward(batchState, batchAction);
        auto criticLoss = torch::mse_loss(q1, targetQ_i) + torch::mse_loss(q2, targetQ_i);

        critic1Optimizers_[i]->zero_grad();
        critic2Optimizers_[i]->zero_grad();
        criticLoss.backward();
        critic1Optimizers_[i]->step();
        critic2Optimizers_[i]->step();
        criticLossTotal += criticLoss.item<double>();
    }
    lastCriticLoss_ = criticLossTotal / numberOfAgents_;

    // ---- Per-agent actor and temperature updates ----
    // Re-sample current joint actions A_pi for policy evaluation
    std::vector<torch::Tensor> currentActionParts(numberOfAgents_), currentLogProbParts(numberOfAgents_);
    for (int i = 0; i < numberOfAgents_; ++i) {
        auto localObs_i = sliceLocalObservation(batchState, i);
        auto [action_i, logProb_i] = actors_[i]->sample(localObs_i);
        currentActionParts[i] = action_i;
        currentLogProbParts[i] = logProb_i;
    }

    for (int i = 0; i < numberOfAgents_; ++i) {
        // Only agent i's own action carries gradient into its actor
        std::vector<torch::Tensor> jointParts;
        for (int j = 0; j < numberOfAgents_; ++j)
            jointParts.push_back(j == i ? currentActionParts[j] : currentActionParts[j].detach());
        auto jointActionFromPolicy = concatAlongFeature(jointParts);

        // Use agent i's own centralized critic for policy improvement
        auto qMin_i = torch::min(
            critics1_[i]->forward(batchState, jointActionFromPolicy),
            critics2_[i]->forward(batchState, jointActionFromPolicy)
        );
        auto actorLoss_i = (temperatures_[i] * currentLogProbParts[i] - qMin_i).mean();

        actorOptimizers_[i].zero_grad();
        actorLoss_i.backward();
        actorOptimizers_[i].step();

        // Temperature (alpha) update towards target entropy
        auto alphaLoss_i = -(logAlphas_[i] * (currentLogProbParts[i].detach() + targetEntropy_)).mean();
        alphaOptimizers_[i].zero_grad();
        alphaLoss_i.backward();
        alphaOptimizers_[i].step();
        temperatures_[i] = logAlphas_[i].exp().item<double>();
    }

    // ---- Soft update target critics ----
    torch::NoGradGuard noGrad;
    for (int i = 0; i < numberOfAgents_; ++i) {
        softUpdate(critics1_[i], targetCritics1_[i]);
        softUpdate(critics2_[i], targetCritics2_[i]);
    }
}

void MultiAgentSAC::softUpdate(const Critic &source, Critic &target) {
    auto targetParams = target->parameters();
    auto sourceParams = source->parameters();
    for (size_t p = 0; p < targetParams.size(); ++p) {
        targetParams[p].data().mul_(1.0 - tau_);
        targetParams[p].data().add_(tau_ * sourceParams[p].data());
    }
}

void MultiAgentSAC::hardCopy(const Critic &source, Critic &target) {
    auto targetParams = target->parameters();
    auto sourceParams = source->parameters();
    for (size_t p = 0; p < targetParams.size(); ++p) {
        targetParams[p].data().copy_(sourceParams[p].data());
    }
}
