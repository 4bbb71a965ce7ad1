#include "InfluencePredictor.hpp"

#include "Utils.hpp"

#include <cassert>
#include <cmath>
#include <iostream>

// the constructor: initialize a bunch of variables
InfluencePredictor::InfluencePredictor(
  const TwoStageDynamicBayesianNetwork &twoStageDBNRef,
  const std::vector<std::string> &inputVariables,
  const std::vector<std::string> &targetVariables):
  _twoStageDBNRef(twoStageDBNRef),
  _inputVariables(inputVariables),
  _targetVariables(targetVariables) {
  std::cout << "Input variables: " << PrintUtils::vectorToTupleString(_inputVariables) << "\n";
  std::cout << "Target variables: " << PrintUtils::vectorToTupleString(_targetVariables) << "\n";
}

RandomInfluencePredictor::RandomInfluencePredictor(
  const TwoStageDynamicBayesianNetwork &twoStageDBNRef,
  const std::vector<std::string> &inputVariables,
  const std::vector<std::string> &targetVariables):
    InfluencePredictor(twoStageDBNRef, inputVariables, targetVariables) {}

void RandomInfluencePredictor::oneStepSample(
  torch::Tensor &hiddenState,
  const torch::Tensor &inputs,
  bool &initial,
  std::map<std::string, int> &resultsDict) const
{
  for (const std::string &factorName: _targetVariables) {
    resultsDict[factorName] = (_twoStageDBNRef.getVariable(factorName)).sampleUniformly();
  }
  initial = false;
}

torch::Tensor RandomInfluencePredictor::getInitialHiddenState() const {
  return torch::zeros({0}, _defaultTensorOptions);
}

void RandomInfluencePredictor::updateAndGetLoss(
  torch::Tensor &hiddenState,
  const torch::Tensor &inputs,
  bool &initial,
  const std::vector<int> &results,
  float &crossEntropy,
  float &NNEntropy)
{
  if (initial == true) {
    crossEntropy = 0.0;
    NNEntropy = 0.0;
  } else {
    float sumEntropy = 0.0;
    for (const std::string &factorName: _targetVariables) {
      int numberOfCandidates = _twoStageDBNRef.getVariable(factorName).getNumberOfValues();
      sumEntropy += std::log(numberOfCandidates);
    }
    crossEntropy = sumEntropy;
    NNEntropy = sumEntropy;
  }
  initial = false;
}

RecurrentInfluencePredictor::RecurrentInfluencePredictor(
  const TwoStageDynamicBayesianNetwork &twoStageDBNRef,
  const std::vector<std::string> &inputVariables,
  const std::vector<std::string> &targetVariables,
  int numberOfHiddenStates):
  InfluencePredictor(twoStageDBNRef, inputVariables, targetVariables),
  _numberOfHiddenStates(numberOfHiddenStates) {
  // get the total output size of the recurrent model
  _totalOutputSize = 0;
  for (const std::string &key: _targetVariables) {
    int numberOfValues = _twoStageDBNRef.getVariable(key).getNumberOfValues();
    _indices[key] = std::make_pair(_totalOutputSize, _totalOutputSize+numberOfValues);
    _totalOutputSize += numberOfValues;
  }
}

void RecurrentInfluencePredictor::oneStepSample(torch::Tensor &hiddenState, const torch::Tensor &inputs, bool &initial, std::map<std::string, int> &resultsDict) const {
  torch::NoGradGuard no_grad;
  if (initial == true) {
    for (const std::string &influenceSourceVariableName: _targetVariables) {
      resultsDict[influenceSourceVariableName] = _twoStageDBNRef.getVariable(influenceSourceVariableName).sampleInitialValue();
    }
    initial = false;
  } else {
    // feedforward passing
    torch::Tensor exp_outputs = this->_feedforwardPassing(hiddenState, inputs).exp();
    for (const auto &key: _targetVariables) {
      const std::pair<int, int> &val = _indices.at(key);
      int sample = (exp_outputs.index({torch::indexing::Slice(std::get<0>(val), std::get<1>(val))})).multinomial(1, true).item<int>();
      resultsDict[key] = sample;
    }
  }
  initial = false;
}

void RecurrentInfluencePredictor::updateAndGetLoss(
  torch::Tensor &hiddenState,
  const torch::Tensor &inputs,
  bool &initial,
  const std::vector<int> &results,
  float &crossEntropy,
  float &NNEntropy) {

  if (initial == true) {
    crossEntropy = 0.0;
    NNEntropy = 0.0;
  } else {
    torch::NoGradGuard no_grad;
    // feedforward passing
    auto exp_outputs = this->_feedforwardPassing(hiddenState, inputs).exp();
    float sumEntropy = 0.0;
    float sumCrossEntropy = 0.0;
    int count = 0;
    for (const auto &key: _targetVariables) {
      auto &val = _indices.at(key);
      auto exp_logits = exp_outputs.index({torch::indexing::Slice(std::get<0>(val), std::get<1>(val))});
      auto probs = exp_logits / torch::sum(exp_logits);
      auto probabilities = std::vector<float>(probs.data_ptr<float>(), probs.data_ptr<float>()+probs.numel());
      float theEntropy = 0.0;
      for (auto prob: probabilities) {
        if (prob > 0) {
          theEntropy -= prob * std::log(prob);
        }
      }
      float theCrossEntropy = -std::log(probabilities.at(results.at(count)));
      assert(theEntropy >= 0);
      sumEntropy += theEntropy;
      sumCrossEntropy += theCrossEntropy;
      count += 1;
    }
    crossEntropy = sumCrossEntropy;
    NNEntropy = sumEntropy;
  }

  initial = false;
}

torch::Tensor RecurrentInfluencePredictor::getInitialHiddenState() const {
  return torch::zeros({_numberOfHiddenStates}, _defaultTensorOptions);
}

TrainableRecurrentModel::TrainableRecurrentModel(
  int sizeOfInputs,
  int sizeOfOutputs,
  int sizeOfHiddenStates):
    _sizeOfInputs(sizeOfInputs),
    _sizeOfOutputs(sizeOfOutputs),
    _sizeOfHiddenStates(sizeOfHiddenStates),
    _linear(torch::nn::LinearOptions(sizeOfHiddenStates, _sizeOfOutputs))
{
  this->register_module("linear", _linear);
}

TrainableGRU::TrainableGRU(
  int sizeOfInputs,
  int sizeOfOutputs,
  int sizeOfHiddenStates):
    TrainableRecurrentModel(
      sizeOfInputs,
      sizeOfOutputs,
      sizeOfHiddenStates),
    _gru(torch::nn::GRUOptions(
      _sizeOfInputs,
      _sizeOfHiddenStates))
{
  this->register_module("GRU", _gru);
  std::cout << "Trainable GRU initialized. " << _sizeOfInputs << " x " << _sizeOfOutputs << " x " << _sizeOfHiddenStates << "\n";
}

torch::Tensor TrainableGRU::forward(const torch::Tensor &x, torch::Tensor &hx) {
  hx = std::get<0>(_gru->forward(x.view({1, x.size(0), x.size(1)}), hx.view({1, hx.size(0), hx.size(1)})));
  return _linear(hx);
}

torch::Tensor TrainableGRU::forward(const torch::Tensor &xs) {
  // get sequence length
  int batchSize = xs.size(0);
  int seqLength = xs.size(1);
  // create empty hidden state
  torch::Tensor hx = torch::zeros({1, xs.size(0), _sizeOfHiddenStates});
  torch::Tensor hxs = std::get<0>(_gru->forward(xs.transpose(0, 1), hx));
  // expected shape: (batch_size, seq_length, total_output_size)
  return (_linear(hxs.view({seqLength*batchSize, _sizeOfHiddenStates}))).view({seqLength, batchSize, _sizeOfOutputs}).transpose(0,1);
}

TrainableRNN::TrainableRNN(
  int sizeOfInputs,
  int sizeOfOutputs,
  int sizeOfHiddenStates):
    TrainableRecurrentModel(
      sizeOfInputs,
      sizeOfOutputs,
      sizeOfHiddenStates),
    _rnn(torch::nn::RNNOptions(_sizeOfInputs, _sizeOfHiddenStates))
{
  this->register_module("RNN", _rnn);
  std::cout << "Trainable rnn initialized. " << _sizeOfInputs << " x " << _sizeOfOutputs << " x " << _sizeOfHiddenStates << "\n";
}

torch::Tensor TrainableRNN::forward(const torch::Tensor &x, torch::Tensor &hx) {
  hx = std::get<0>(_rnn->forward(x.view({1, x.size(0), x.size(1)}), hx.view({1, hx.size(0), hx.size(1)})));
  return _linear(hx);
}

torch::Tensor TrainableRNN::forward(const torch::Tensor &xs) {
  int batchSize = xs.size(0);
  int seqLength = xs.size(1);
  torch::Tensor hx = torch::zeros({1, xs.size(0), _sizeOfHiddenStates});
  torch::Tensor hxs = std::get<0>(_rnn->forward(xs.transpose(0, 1), hx));
  return (_linear(hxs.view({seqLength*batchSize, _sizeOfHiddenStates}))).view({seqLength, batchSize, _sizeOfOutputs}).transpose(0,1);
}

TrainableRecurrentInfluencePredictor::TrainableRecurrentInfluencePredictor(
      const TwoStageDynamicBayesianNetwork &twoStageDBNRef,
      const std::vector<std::string> &inputVariables,
      const std::vector<std::string> &targetVariables,
      const InfluencePredictorParameters &influencePredictorParameters):
    RecurrentInfluencePredictor(
      twoStageDBNRef,
      inputVariables,
      targetVariables,
      influencePredictorParameters.numberOfHiddenStates),
    _learningRate(influencePredictorParameters.Training.learningRate),
    _batchSize(influencePredictorParameters.Training.batchSize),
    _trainFreq(influencePredictorParameters.Training.trainFreq),
    _weightDecay(influencePredictorParameters.Training.weightDecay),
    _lossType(influencePredictorParameters.Training.lossType)
{
  trainable = true;

  if (influencePredictorParameters.Type == "RNN") {
    _modelPtr = new TrainableRNN(
      _sizeOfInputs,
      _totalOutputSize,
      _numberOfHiddenStates);
  } else if (influencePredictorParameters.Type == "GRU") {
    _modelPtr = new TrainableGRU(
      _sizeOfInputs,
      _totalOutputSize,
      _numberOfHiddenStates);
  }
  _optimizerPtr = new torch::optim::Adam(
    _modelPtr->parameters(),
    torch::optim::AdamOptions(_learningRate).weight_decay(_weightDecay));
  std::cout << "Trainable recurrent influence predictor has been constructed.\n";
}

TrainableRecurrentInfluencePredictor::~TrainableRecurrentInfluencePredictor() {
  delete _modelPtr;
  delete _optimizerPtr;
}

double TrainableRecurrentInfluencePredictor::train(ReplayBuffer *replayBufferPtr)
{
  if (replayBufferPtr->getTotalNumberOfDataPoints() < _batchSize) {
    return 0.0;
  }
  _modelPtr->train();
  // feedforward passing
  std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> sampledBatch = replayBufferPtr->sampleBatch(_batchSize, _lossType);
  torch::Tensor tensorInputs = std::get<0>(sampledBatch);
  torch::Tensor tensorTargets = std::get<1>(sampledBatch);
  torch::Tensor tensorMasks = std::get<2>(sampledBatch);
  torch::Tensor tensorOutputs = _modelPtr->forward(tensorInputs);

  std::vector<torch::Tensor> variableLosses;
  int varCount = 0;
  int maxLength = tensorMasks.size(1);
  // construct losses source variable by source variable
  for (const auto &key: _targetVariables) {
    auto& val = _indices.at(key);
    torch::Tensor thisVariableLoss; // averaged over all batches and potentially also sequences
    auto tensorSlices = tensorOutputs.index({torch::indexing::Slice(), torch::indexing::Slice(), torch::indexing::Slice(std::get<0>(val), std::get<1>(val))});
    auto tensorPredictedDistributions = torch::nn::functional::softmax(tensorSlices, torch::nn::functional::SoftmaxFuncOptions(2));
    // get prediction
    auto tensorFlattenedPredictedDistributions = tensorPredictedDistributions.view({_batchSize * maxLength, std::get<1>(val)-std::get<0>(val)});
    auto tensorFlattenedTargetedDistributions = tensorTargets.index({torch::indexing::Slice(), torch::indexing::Slice(), varCount}).view(_batchSize * maxLength);
    auto variableLoss = torch::nn::functional::nll_loss(torch::log(tensorFlattenedPredictedDistributions), tensorFlattenedTargetedDistributions, torch::nn::functional::NLLLossFuncOptions().reduction(torch::kNone));
    auto maskedVariableLoss = torch::mul(variableLoss, tensorMasks.view(-1));
    auto averagedMaskedVariableLoss = maskedVariableLoss.sum() / tensorMasks.sum();
    thisVariableLoss = averagedMaskedVariableLoss;
    variableLosses.push_back(thisVariableLoss);
    varCount += 1;
  }
  // average over all variables
  auto finalAveragedLoss = torch::stack(torch::TensorList(variableLosses), 0).sum();
  // optimization
  _optimizerPtr->zero_grad();
  finalAveragedLoss.backward();
  _optimizerPtr->step();
  double doubleLoss = finalAveragedLoss.item<double>();
  return doubleLoss;
}

double TrainableRecurrentInfluencePredictor::trainMultiple(ReplayBuffer *replayBufferPtr)
{
  if (replayBufferPtr->getTotalNumberOfDataPoints() < _batchSize) {
    return 0.0;
  }
  std::vector<double> losses(_trainFreq);
  for (int i=0; i<=_trainFreq-1; i++) {
    losses.at(i) = train(replayBufferPtr);
  }
  return StatisticsUtils::getAverage(losses);
}

torch::Tensor TrainableRecurrentInfluencePredictor::_feedforwardPassing(
  torch::Tensor &h,
  const torch::Tensor &tensorInputs) const
{
  _modelPtr->eval();
  h = h.view({-1, _numberOfHiddenStates});
  auto outputs = _modelPtr->forward(tensorInputs.view({-1, _sizeOfInputs}), h).view(-1);
  h = h.view(-1);
  return outputs;
}
