#include "actorcritic.h"
#include <cmath>
#include <iostream>
#include <string>

template<class W,class M>
ActorCritic<W,M>::ActorCritic(W world, M model, const GridFlags& flags):
  world(world), model(model), nEpisodes(flags.n), maxUpdates(flags.maxUpdates), gamma(flags.g),
  learningRate(flags.lr), beta(flags.beta), zeta(flags.zeta), batchSize(flags.bs)
{}

template <class W,class M>
void ActorCritic<W,M>::evaluateRunValues()
{
    float nextReturn;
    float thisReturn;
    if (runAreTerminal[batchSize-1])
    {
        nextReturn = runRewards[batchSize-1];
    }
    else
    {
      torch::NoGradGuard noGrad;
      torch::Tensor prediction = model->criticOutput(runStates[batchSize-1].unsqueeze(0));
      nextReturn = prediction.item<float>();
    }
    runValues[batchSize-1][0] = nextReturn;
    for (int i=batchSize-2;i>=0;i--)
      {
        if (runAreTerminal[i])
          {
            nextReturn=0;
          }
        thisReturn=runRewards[i] + gamma*nextReturn;
        runValues[i][0] = thisReturn;
        nextReturn = thisReturn;
    }
}

template <class W,class M>
void ActorCritic<W,M>::backPropagate(torch::optim::Adam *opti)
{
  evaluateRunValues();
  torch::Tensor returns = runValues.to(model->getUsedDevice());
  torch::Tensor logits = model->actorLogits(runStates, runIllegal);
  torch::Tensor valuesEstimate = model->criticOutput(runStates);
  torch::Tensor actionProbs = torch::softmax(logits,1);
  torch::Tensor actionLogProbs = torch::log_softmax(logits,1);
  torch::Tensor chosenActionLogProbs = actionLogProbs.gather(1,runActions.to(torch::kLong)).to(torch::kFloat32);
  torch::Tensor advantages = returns - valuesEstimate; //TD Error
  torch::Tensor entropy = -(actionProbs*actionLogProbs).sum(1).mean();
  torch::Tensor entropyLoss = beta*entropy;
  torch::Tensor policyLoss = -(chosenActionLogProbs*advantages.detach()).mean();
  torch::Tensor valueLoss = zeta*advantages.pow(2).mean();
  torch::Tensor totalLoss = valueLoss + policyLoss - entropyLoss;
  policyLossHistory.push_back(policyLoss.item<float>());
  valueLossHistory.push_back(valueLoss.item<float>());
  entropyHistory.push_back(entropyLoss.item<float>());
  lossHistory.push_back(totalLoss.item<float>());
  opti->zero_grad();
  totalLoss.backward();
  opti->step();
}

template <class W,class M>
void ActorCritic<W,M>::train()
{
  int nSteps = 0;
  int nUpdates = 0;
  this->episodeNumber = 0;
  torch::optim::Adam optimizer(model->parameters(),learningRate);
  const int maxSteps = world.getSize()*world.getSize()/2;
  while (this->episodeNumber<this->nEpisodes && nUpdates<maxUpdates)
    {
      runStates = torch::zeros({batchSize,int64_t(world.getStateVector().size())});
      runActions = torch::zeros({batchSize,1}).to(model->getUsedDevice());
      runIllegal = torch::zeros({batchSize,kNumActions},torch::kBool);
      runRewards = {}, runAreTerminal = {};
      runValues = torch::zeros({batchSize,1});
      for (int i=0;i<batchSize;i++)
        {
          nSteps++;
          torch::Tensor stateVector = torch::tensor(world.getStateVector());
          torch::Tensor illegal = ToolsGW().illegalMask({world.illegalActions()});
          torch::Tensor action;
          {
            torch::NoGradGuard noGrad;
            torch::Tensor actionProbabilities = model->actorOutput(stateVector.unsqueeze(0), illegal);
            action = actionProbabilities.multinomial(1).to(torch::kFloat32);
          }
          world.setTakenAction(int(action.item<float>()));
          const float reward = world.transition();
          runStates[i] = stateVector;
          runIllegal[i] = illegal[0];
          runRewards.push_back(reward);
          runActions[i] = action[0].to(model->getUsedDevice());
          runAreTerminal.push_back(world.isTerminal());
          if (runAreTerminal.back() || nSteps==maxSteps)
            {
              nSteps = 0;
              world.reset();
              this->episodeNumber++;
            }
        }
      backPropagate(&optimizer);
      nUpdates++;
      if (nUpdates % 50 == 0)
        {
          std::cout << "Update " << nUpdates << ", episodes " << this->episodeNumber
                    << ". Current Loss: " << lossHistory.back()
                    << "  Current entropy: " << entropyHistory.back()/beta << std::endl;
        }
    }
}

template <class W, class M>
double ActorCritic<W,M>::successRate(int episodes, unsigned seed)
{
  torch::NoGradGuard noGrad;
  W evalWorld(seed);
  int reached = 0;
  for (int e = 0; e < episodes; e++)
    {
      int count = 0;
      while (count < evalWorld.getSize()*evalWorld.getSize()/2 && !evalWorld.isTerminal())
        {
          count++;
          torch::Tensor stateVector = torch::tensor(evalWorld.getStateVector());
          torch::Tensor illegal = ToolsGW().illegalMask({evalWorld.illegalActions()});
          torch::Tensor actionProbabilities = model->actorOutput(stateVector.unsqueeze(0), illegal);
          evalWorld.setTakenAction(int(torch::argmax(actionProbabilities).item<int64_t>()));
          evalWorld.transition();
        }
      if (evalWorld.isTerminal())
        reached++;
      evalWorld.reset();
    }
  return double(reached) / episodes;
}

template <class W,class M>
M ActorCritic<W,M>::getModel() const
{
    return model;
}

template class ActorCritic<GridWorld,ConvNetGW>;
