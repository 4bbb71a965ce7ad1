
#include <iostream>
#include <vector>

#include <torch/torch.h>

#include "Dataset/ShapesTorchDataset.h"
#include "Models/BlockConvNet.h"
#include "Trainer/Trainer.hpp"

int main() {
  torch::manual_seed(0);

  // Create Datasets
  auto *trainDataset = new ShapesTorchDataset(1600, 3);
  auto *evalDataset = new ShapesTorchDataset(400, 5);

  // Create Models
  std::vector<int64_t> imageDims = {ShapesTorchDataset::kImageSide, ShapesTorchDataset::kImageSide};

  std::vector<int64_t> channels = {3, 32, 64, 128};
  std::vector<int64_t> kernelSizesConv = {3, 3, 3};
  std::vector<int64_t> stridesConv = {1, 1, 1};
  std::vector<int64_t> dilationConv = {1, 1, 1};

  std::vector<int64_t> kernelSizesPool = {2, 2, 2};
  std::vector<int64_t> dilationPool = {1, 1, 1};
  std::vector<int64_t> stridesPool = {1, 1, 2};
  float dropout = 0.2;
  int64_t numClasses = ShapesTorchDataset::kNumClasses;

  auto *blockConvModel = new BlockConvNet(imageDims,
                                          channels,
                                          kernelSizesConv,
                                          stridesConv,
                                          dilationConv,
                                          kernelSizesPool,
                                          stridesPool,
                                          dilationPool,
                                          dropout,
                                          numClasses);

  auto adamOptions = torch::optim::AdamWOptions(5e-3);
  torch::optim::AdamW adamWOptimizer(blockConvModel->parameters(), adamOptions);

  torch::nn::CrossEntropyLossOptions crossEntropyLossOptions =
      torch::nn::CrossEntropyLossOptions().reduction(torch::kMean).label_smoothing(0.05);
  auto *crossEntropyLoss = new torch::nn::CrossEntropyLoss(crossEntropyLossOptions);

  auto *trainer = new Trainer<BlockConvNet *,
                              ShapesTorchDataset,
                              torch::data::samplers::RandomSampler,
                              torch::optim::AdamW,
                              torch::nn::CrossEntropyLoss>(
      blockConvModel,
      *trainDataset,
      *evalDataset,
      32,
      adamWOptimizer,
      *crossEntropyLoss);

  std::vector<float> untrained = trainer->validate();
  std::vector<float> trainMetrics = trainer->fit(6);
  std::vector<float> evalMetrics = trainer->validate();

  std::cout << "optimizer steps: " << trainer->steps() << std::endl;
  std::cout << "final loss: " << trainMetrics[0] << std::endl;
  std::cout << "test accuracy: " << evalMetrics[1] << " (untrained " << untrained[1] << ")" << std::endl;
  return 0;
}
