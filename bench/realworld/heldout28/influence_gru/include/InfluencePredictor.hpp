#ifndef INFLUENCE_PREDICTOR_HPP_
#define INFLUENCE_PREDICTOR_HPP_

#include "ReplayBuffer.hpp"
#include "TwoStageDynamicBayesianNetwork.hpp"

#include <torch/torch.h>

#include <string>
#include <unordered_map>
#include <vector>

// The "InfluencePredictor" node of the experiment configuration (a YAML node
// in the original); defaults are the GridTraffic configuration's.
struct InfluencePredictorTrainingParameters {
  int batchSize = 128;
  float learningRate = 0.00025f;
  int trainFreq = 64;
  float weightDecay = 0.0f;
  std::string lossType = "mean";
};

struct InfluencePredictorParameters {
  std::string Type = "GRU";
  int numberOfHiddenStates = 8;
  InfluencePredictorTrainingParameters Training;
};

// the general influence predictor
class InfluencePredictor {
  public:
    InfluencePredictor(
      const TwoStageDynamicBayesianNetwork &TwoStageDBNRef,
      const std::vector<std::string> &inputVariables,
      const std::vector<std::string> &targetVariables);
    virtual ~InfluencePredictor() = default;

    // core method: sample one step of influence source variables
    virtual void oneStepSample(
      torch::Tensor &hiddenState,
      const torch::Tensor &inputs,
      bool &initial,
      std::map<std::string, int> &dict) const = 0;

    // get the initial hidden state of the influence predictor
    virtual torch::Tensor getInitialHiddenState() const = 0;

    // (abstract) compute the one-step loss
    virtual void updateAndGetLoss(
      torch::Tensor &hiddenState,
      const torch::Tensor &inputs,
      bool &initial,
      const std::vector<int> &results,
      float &crossEntropy,
      float &NNEntropy) = 0;

    virtual void warmUp() {};

    bool trainable = false;

  protected:
    const TwoStageDynamicBayesianNetwork &_twoStageDBNRef;

    // D separation variables per step
    std::vector<std::string> _inputVariables;

    // influence source variables
    std::vector<std::string> _targetVariables;

    int _sizeOfInputs = _inputVariables.size();
    std::unordered_map<std::string, std::pair<int, int>> _indices;

    torch::TensorOptions _defaultTensorOptions = torch::TensorOptions().dtype(torch::kFloat32).requires_grad(false);
};

// the random influence predictor
class RandomInfluencePredictor: public InfluencePredictor {
  public:
    RandomInfluencePredictor(
      const TwoStageDynamicBayesianNetwork &TwoStageDBNRef,
      const std::vector<std::string> &inputVariables,
      const std::vector<std::string> &targetVariables);

    void oneStepSample(
      torch::Tensor &hiddenState,
      const torch::Tensor &inputs,
      bool &initial,
      std::map<std::string, int> &resultsDict) const override;

    torch::Tensor getInitialHiddenState() const override;

    void updateAndGetLoss(
      torch::Tensor &hiddenState,
      const torch::Tensor &inputs,
      bool &initial,
      const std::vector<int> &results,
      float &crossEntropy,
      float &NNEntropy) override;
};

// the general influence predictor that is based on recurrent neural networks
class RecurrentInfluencePredictor: public InfluencePredictor {
  public:
    RecurrentInfluencePredictor(
      const TwoStageDynamicBayesianNetwork &TwoStageDBNRef,
      const std::vector<std::string> &inputVariables,
      const std::vector<std::string> &targetVariables,
      int numberOfHiddenStates);

    virtual void oneStepSample(
      torch::Tensor &hiddenState,
      const torch::Tensor &inputs,
      bool &initial,
      std::map<std::string, int> &resultsDict) const override;

    void updateAndGetLoss(
      torch::Tensor &hiddenState,
      const torch::Tensor &inputs,
      bool &initial,
      const std::vector<int> &results,
      float &crossEntropy,
      float &NNEntropy) override;

    torch::Tensor getInitialHiddenState() const override;

  protected:
    int _numberOfHiddenStates;
    int _totalOutputSize;
    // expect the hidden state to be flattened and updated within the function
    virtual torch::Tensor _feedforwardPassing(torch::Tensor &tensorHidden, const torch::Tensor &tensorInputs) const = 0;
};

// the recurrent classifer model
class TrainableRecurrentModel: public torch::nn::Module {
  public:
    TrainableRecurrentModel(int sizeOfInputs, int sizeOfOutputs, int sizeOfHiddenStates);

    virtual torch::Tensor forward(const torch::Tensor &xs) = 0;

    virtual torch::Tensor forward(const torch::Tensor &x, torch::Tensor &hx) = 0;

  protected:
    int _sizeOfInputs;
    int _sizeOfOutputs;
    int _sizeOfHiddenStates;
    torch::nn::Linear _linear;
};

// the GRU model
class TrainableGRU: public TrainableRecurrentModel {
  public:
    TrainableGRU(int sizeOfInputs, int sizeOfOutputs, int sizeOfHiddenStates);

    // step-by-step forward: return the output and change the hidden state in-place
    torch::Tensor forward(const torch::Tensor &x, torch::Tensor &hx) override;

    // trajectory-by-trajectory forward
    torch::Tensor forward(const torch::Tensor &xs) override;

  protected:
    torch::nn::GRU _gru;
};

// the RNN model
class TrainableRNN: public TrainableRecurrentModel {
  public:
    TrainableRNN(int sizeOfInputs, int sizeOfOutputs, int sizeOfHiddenStates);

    torch::Tensor forward(const torch::Tensor &x, torch::Tensor &hx) override;

    torch::Tensor forward(const torch::Tensor &xs) override;

  protected:
    torch::nn::RNN _rnn;
};

// Trainable Recurrent Influence Predictor
class TrainableRecurrentInfluencePredictor: public RecurrentInfluencePredictor {
  public:
    TrainableRecurrentInfluencePredictor(
      const TwoStageDynamicBayesianNetwork &TwoStageDBNRef,
      const std::vector<std::string> &inputVariables,
      const std::vector<std::string> &targetVariables,
      const InfluencePredictorParameters &influencePredictorParameters);

    ~TrainableRecurrentInfluencePredictor();

    double train(ReplayBuffer *replayBufferPtr);

    double trainMultiple(ReplayBuffer *replayBufferPtr);

  protected:
    torch::Tensor _feedforwardPassing(torch::Tensor &h, const torch::Tensor &tensorInputs) const override;

  private:
    float _learningRate;
    int _batchSize;
    int _trainFreq;
    float _weightDecay;
    std::string _lossType;
    mutable TrainableRecurrentModel *_modelPtr = nullptr;
    mutable torch::optim::Adam *_optimizerPtr = nullptr;
};

#endif
