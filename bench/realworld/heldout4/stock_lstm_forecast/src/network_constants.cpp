#include "network_constants.h"

const int64_t NetworkConstants::kPrevSamples = 30;
const int64_t NetworkConstants::kMaxEpochs = 25;
const float NetworkConstants::kLearningRate = 3e-3f;
const float NetworkConstants::kSplitRatio = 0.2f;
const double NetworkConstants::kMinimumLoss = -3.5;
const int64_t NetworkConstants::kMicroBatch = 50;
const int64_t NetworkConstants::kAccumSteps = 2;
const double NetworkConstants::kMapeWeight = 0.1;

const int64_t NetworkConstants::input_size = 1;
const int64_t NetworkConstants::hidden_size = 50;
const int64_t NetworkConstants::output_size = 1;
const int64_t NetworkConstants::num_of_layers = 2;

const double NetworkConstants::klstm1DropOut = 0.1;
const double NetworkConstants::kdropOutDropOut = 0.1;

const size_t NetworkConstants::kMaxStockPrices = 1300;
