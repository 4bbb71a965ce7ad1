/**
 * @file training_config.h
 * @brief Settings that the GUI's spin boxes held (defaults of the dialog)
 */
#pragma once

#include <cstdint>

namespace lstm_predictor {

struct TrainingConfig {
    int64_t lookback = 30;        ///< window length (time steps)
    int64_t warmup = 6;           ///< spin-up steps ignored by the pooling
    int64_t hiddenSize = 64;      ///< LSTM hidden units
    int64_t numLayers = 2;        ///< stacked LSTM layers
    double dropout = 0.2;
    int numEpochs = 40;
    int batchSize = 32;
    double learningRate = 2e-3;
    double weightDecay = 1e-5;
    int patience = 8;
    double trainFraction = 0.8;
};

} // namespace lstm_predictor
