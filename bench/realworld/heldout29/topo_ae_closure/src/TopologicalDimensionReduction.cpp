#include <TopologicalDimensionReduction.h>

#ifdef TTK_ENABLE_TORCH

#include <algorithm>
#include <cmath>
#include <iostream>

using namespace torch::indexing;

ttk::TopologicalDimensionReduction::TopologicalDimensionReduction(
  bool useCUDA,
  bool deterministic,
  int seed,
  int numberOfComponents,
  int epochs,
  double learningRate,
  OPTIMIZER optimizer,
  REGUL method,
  MODEL modelType,
  const std::string &architecture,
  const std::string &activation,
  int batchSize,
  bool batchNormalization,
  double regCoefficient,
  bool preOptimize,
  int preOptimizeEpochs)
  : NumberOfComponents(numberOfComponents), Epochs(epochs),
    LearningRate(learningRate), Optimizer(optimizer), Method(method),
    ModelType(modelType), Architecture(architecture), Activation(activation),
    BatchSize(batchSize), BatchNormalization(batchNormalization),
    RegCoefficient(regCoefficient), PreOptimize(preOptimize),
    PreOptimizeEpochs(preOptimizeEpochs) {

  if(torch::cuda::is_available() && useCUDA && !deterministic)
    device = torch::kCUDA;

  if(deterministic) {
    at::manual_seed(seed);
    // at::globalContext().setDeterministicFillUninitializedMemory(true); (LibTorch >= 2.1)
    at::globalContext().setDeterministicAlgorithms(true, true);
  } else {
    // at::globalContext().setDeterministicFillUninitializedMemory(false); (LibTorch >= 2.1)
    at::globalContext().setDeterministicAlgorithms(false, false);
  }
}

int ttk::TopologicalDimensionReduction::initializeModel(int inputSize,
                                                        int inputDimension) {
  if(!AutoEncoder::isStringValid(Architecture)) {
    std::cerr << "Invalid string for layers description." << std::endl;
    return 1;
  }
  if(ModelType == MODEL::AUTOENCODER)
    model = std::make_unique<AutoEncoder>(inputDimension, NumberOfComponents,
                                          Architecture, Activation,
                                          BatchNormalization);
  else if(ModelType == MODEL::AUTODECODER)
    model = std::make_unique<AutoDecoder>(inputDimension, inputSize,
                                          NumberOfComponents, Architecture,
                                          Activation, false);
  else if(ModelType == MODEL::DIRECT)
    model = std::make_unique<DirectOptimization>(inputSize, NumberOfComponents);
  model->to(device);
  return 0;
}

void ttk::TopologicalDimensionReduction::initializeOptimizer() {
  if(Optimizer == OPTIMIZER::ADAM)
    torchOptimizer = std::make_unique<torch::optim::Adam>(
      model->parameters(), /*lr=*/LearningRate);
  else if(Optimizer == OPTIMIZER::SGD)
    torchOptimizer = std::make_unique<torch::optim::SGD>(
      model->parameters(), /*lr=*/LearningRate);
  else if(Optimizer == OPTIMIZER::LBFGS)
    torchOptimizer = std::make_unique<torch::optim::LBFGS>(
      model->parameters(), /*lr=*/LearningRate);
}

int ttk::TopologicalDimensionReduction::execute(
  std::vector<std::vector<double>> &outputEmbedding,
  const std::vector<double> &inputMatrix,
  size_t n) {

  const int inputSize = n;
  const int inputRawDimension = inputMatrix.size() / n;
  const int inputDimension
    = inputRawDimension - PreOptimize * NumberOfComponents;
  std::cout << "input dimension: " << inputDimension << std::endl;
  std::cout << "output dimension: " << NumberOfComponents << std::endl;
  std::cout << "#elements: " << inputSize << std::endl;

  if(initializeModel(inputSize, inputDimension))
    return 1;
  initializeOptimizer();

  const torch::Tensor rawInput
    = torch::from_blob(const_cast<double *>(inputMatrix.data()),
                       {inputSize, inputRawDimension}, torch::kFloat64)
        .to(torch::kFloat32)
        .to(device);
  const torch::Tensor input
    = rawInput.index({Slice(), Slice(None, inputDimension)});

  if(PreOptimize) {
    preOptimize(input, rawInput.index({Slice(), Slice(inputDimension, None)}));
    initializeOptimizer();
  }

  if(Method == REGUL::NO_REGUL) {
    std::cout << "Starting optimization" << std::endl;
    optimizeSimple(input);
  } else {
    // the original computes the input's persistence diagram here and runs optimize(input)
    // with a topological loss: not part of this program
    std::cerr << "Topological regularisation not available." << std::endl;
    return 1;
  }

  const torch::Tensor latent = model->encode(input).cpu();
  for(int i = 0; i < inputSize; ++i) {
    for(int j = 0; j < NumberOfComponents; ++j)
      outputEmbedding[j][i] = latent[i][j].item<double>();
  }

  std::cout << "Complete" << std::endl;
  return 0;
}

void ttk::TopologicalDimensionReduction::optimizeSimple(
  const torch::Tensor &input) const {
  int epoch = 0;

  auto closure = [&] {
    TensorIndex indices = Slice();
    if(BatchSize > 0)
      indices
        = torch::randint(input.size(0), {BatchSize}, torch::kInt).to(device);

    // step initialization
    torchOptimizer->zero_grad();
    const torch::Tensor prediction = model->forward(input.index(indices));

    // loss and optimizer step
    const torch::Tensor loss
      = torch::mse_loss(prediction, input.index(indices));
    loss.backward();

    // IO
    printLoss(epoch, Epochs, loss.item<double>());

    return loss;
  };

  for(; epoch < Epochs; ++epoch)
    torchOptimizer->step(closure);
}

void ttk::TopologicalDimensionReduction::preOptimize(
  const torch::Tensor &input, const torch::Tensor &target) const {
  int epoch = 0;

  auto closure = [&] {
    // step initialization
    torchOptimizer->zero_grad();
    const torch::Tensor latent = model->encode(input);
    const torch::Tensor prediction = model->decode(latent);

    // loss and optimizer step
    const torch::Tensor loss
      = torch::mse_loss(latent, target) + torch::mse_loss(prediction, input);
    loss.backward();

    // IO
    printLoss(epoch, PreOptimizeEpochs, loss.item<double>());

    return loss;
  };

  for(; epoch < PreOptimizeEpochs; ++epoch)
    torchOptimizer->step(closure);
}

void ttk::TopologicalDimensionReduction::printLoss(int epoch,
                                                   int maxEpoch,
                                                   double loss) const {
  LastLoss = loss;
  if(epoch % std::max(1, maxEpoch / 10) == 0)
    std::cout << "Loss at epoch " << epoch << ": " << loss << std::endl;
  else if(epoch == maxEpoch - 1)
    std::cout << "Final loss value: " << loss << std::endl;
}

#endif
