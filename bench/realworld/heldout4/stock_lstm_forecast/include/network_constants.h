#ifndef NETWORKCONSTANTS_HPP_
#define NETWORKCONSTANTS_HPP_

#include <cstddef>
#include <cstdint>

/**
 * @namespace NetworkConstants
 * @brief Configurable constants used for LSTM network creation and training.
 */
namespace NetworkConstants {

/// Number of previous prices used to predict the next one.
extern const int64_t kPrevSamples;

/// Maximum number of epochs before training stops if not converged.
extern const int64_t kMaxEpochs;

/// Learning rate of the optimizer.
extern const float kLearningRate;

/// Share of the series kept for testing.
extern const float kSplitRatio;

/// Acceptable running loss to stop training.
extern const double kMinimumLoss;

/// Windows per micro-batch and micro-batches per optimizer step.
extern const int64_t kMicroBatch;
extern const int64_t kAccumSteps;

/// Weight of the relative-error term in the training loss.
extern const double kMapeWeight;

/// Input size of LSTM layer 1.
extern const int64_t input_size;

/// Hidden size of LSTM layers 1 and 2.
extern const int64_t hidden_size;

/// Number of predicted values per window.
extern const int64_t output_size;

/// Stacked layers of LSTM layer 1.
extern const int64_t num_of_layers;

/// Dropout of LSTM layer 1 and of the dropout layer before the heads.
extern const double klstm1DropOut;
extern const double kdropOutDropOut;

/// Length of the synthetic price series.
extern const size_t kMaxStockPrices;

}  // namespace NetworkConstants

#endif  // NETWORKCONSTANTS_HPP_
