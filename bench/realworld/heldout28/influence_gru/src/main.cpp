// A self-improving local simulator of one intersection of a traffic grid:
// the influence sources (cars arriving from the four neighbouring
// intersections, whose lights follow a fixed pattern) are predicted by a
// recurrent influence predictor trained on data that the planner's
// simulations collect, once per real episode.
#include "InfluencePredictor.hpp"
#include "ReplayBuffer.hpp"
#include "TwoStageDynamicBayesianNetwork.hpp"
#include "Utils.hpp"

#include <torch/torch.h>

#include <iostream>
#include <map>
#include <memory>

namespace {

constexpr int kHorizon = 12;
constexpr int kPatternFreq = 9;
constexpr int kNumberOfSimulationsPerEpisode = 6;

class SelfImprovingSimulator {
 public:
  SelfImprovingSimulator(InfluencePredictor *influencePredictorPtr,
                         ReplayBuffer *replayBufferPtr,
                         const std::vector<std::string> &dSeparationVariables,
                         const std::vector<std::string> &influenceSourceVariables)
      : _influencePredictorPtr(influencePredictorPtr),
        _replayBufferPtr(replayBufferPtr),
        _DSeparationVariablesPerStep(dSeparationVariables),
        _influenceSourceVariables(influenceSourceVariables) {}

  void reset() { _replayBufferPtr->wrapEpisode(); }

  double train() {
    if (_influencePredictorPtr->trainable == true) {
      return static_cast<TrainableRecurrentInfluencePredictor *>(_influencePredictorPtr)
          ->trainMultiple(_replayBufferPtr);
    }
    return 0.0;
  }

  // One simulation of the planner from the start of the episode: the local
  // process with the true neighbours; the predictor's cross entropy on the
  // sources is accumulated (the rollout loss), and every step is stored.
  double simulate(int phaseOffset, std::mt19937 &gen) {
    std::bernoulli_distribution arrive(0.9), stray(0.05), switchLight(0.3);
    torch::Tensor hiddenState = _influencePredictorPtr->getInitialHiddenState();
    bool initial = true;
    std::vector<int> localCars(4, 0);
    int light = 0;
    int parentIndex = -1;
    double crossEntropySum = 0.0;
    for (int t = 0; t < kHorizon - 1; ++t) {
      if (switchLight(gen)) {
        light = 1 - light;
      }
      std::vector<int> inputs(_DSeparationVariablesPerStep.size());
      inputs[0] = light;
      for (int k = 0; k < 4; ++k) {
        inputs[1 + k] = localCars[k];
      }
      std::vector<int> targets(_influenceSourceVariables.size(), 0);
      for (int k = 0; k < 4; ++k) {
        bool green = ((t + phaseOffset + 2 * k) % kPatternFreq) < 4;
        targets[k] = green ? (arrive(gen) ? 1 : 0) : (stray(gen) ? 1 : 0);
      }
      torch::Tensor tensorInputs = torch::tensor(inputs, torch::kFloat32);
      float crossEntropy = 0.0f, entropy = 0.0f;
      _influencePredictorPtr->updateAndGetLoss(hiddenState, tensorInputs, initial,
                                               targets, crossEntropy, entropy);
      crossEntropySum += crossEntropy;
      parentIndex = _replayBufferPtr->insert(inputs, targets, parentIndex);
      // Cars of the open direction leave; arrivals queue up.
      for (int k = 0; k < 4; ++k) {
        bool open = (k % 2) == light;
        localCars[k] = open ? targets[k] : std::min(1, localCars[k] + targets[k]);
      }
    }
    return crossEntropySum / (kHorizon - 1);
  }

 private:
  InfluencePredictor *_influencePredictorPtr;
  ReplayBuffer *_replayBufferPtr;
  std::vector<std::string> _DSeparationVariablesPerStep;
  std::vector<std::string> _influenceSourceVariables;
};

}  // namespace

int main() {
  torch::manual_seed(0);
  RandomUtils::initRandomEngine(0);
  std::mt19937 gen(11);

  const int kRealEpisodes = 16;

  std::vector<std::string> dSeparationVariables = {"light", "lane_n", "lane_e", "lane_s", "lane_w"};
  std::vector<std::string> influenceSourceVariables = {"in_n", "in_e", "in_s", "in_w"};
  TwoStageDynamicBayesianNetwork twoStageDBN;
  for (const auto &name : influenceSourceVariables) {
    twoStageDBN.addVariable(TwoStageDynamicBayesianVariable(name, 2, {0.6, 0.4}), name);
  }

  InfluencePredictorParameters influencePredictorParameters;
  influencePredictorParameters.Type = "GRU";
  influencePredictorParameters.numberOfHiddenStates = 8;
  auto influencePredictor = std::make_unique<TrainableRecurrentInfluencePredictor>(
      twoStageDBN, dSeparationVariables, influenceSourceVariables,
      influencePredictorParameters);

  ReplayBuffer replayBuffer(dSeparationVariables.size(), influenceSourceVariables.size(),
                            kHorizon, kRealEpisodes);
  replayBuffer.preallocateMemory(kNumberOfSimulationsPerEpisode / 2);

  SelfImprovingSimulator simulator(influencePredictor.get(), &replayBuffer,
                                   dSeparationVariables, influenceSourceVariables);

  double lastLoss = 0.0;
  double firstLoss = 0.0;
  for (int episode = 0; episode < kRealEpisodes; ++episode) {
    simulator.reset();
    int phaseOffset = std::uniform_int_distribution<int>(0, kPatternFreq - 1)(gen);
    double rolloutLoss = 0.0;
    for (int s = 0; s < kNumberOfSimulationsPerEpisode; ++s) {
      rolloutLoss += simulator.simulate(phaseOffset, gen);
    }
    rolloutLoss /= kNumberOfSimulationsPerEpisode;
    double averageLoss = simulator.train();
    if (averageLoss > 0 && firstLoss == 0.0) {
      firstLoss = averageLoss;
    }
    if (averageLoss > 0) {
      lastLoss = averageLoss;
    }
    std::cout << "episode " << episode << " rollout cross entropy " << rolloutLoss
              << " average train loss " << averageLoss << " data points "
              << replayBuffer.getTotalNumberOfDataPoints() << std::endl;
  }
  std::cout << "first average train loss: " << firstLoss << std::endl;
  std::cout << "final loss: " << lastLoss << std::endl;
  return 0;
}
