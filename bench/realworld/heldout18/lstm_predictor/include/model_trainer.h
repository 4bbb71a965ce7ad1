/**
 * @file model_trainer.h
 * @brief Training loop, validation and R² of the LSTM predictor
 */
#pragma once

#include <functional>
#include <vector>

#include "early_stopping.h"
#include "lstm_model.h"
#include "time_series_dataset.h"

namespace lstm_predictor {

struct TrainingHistory {
    std::vector<double> trainLosses;
    std::vector<double> valLosses;
    std::vector<double> trainR2Scores;
    std::vector<double> valR2Scores;
};

class ModelTrainer {
public:
    /// In place of the Qt signal epochCompleted(epoch, trainLoss, valLoss, trainR2, valR2).
    using EpochCallback = std::function<void(int, double, double, double, double)>;

    ModelTrainer(LSTMModel model, torch::Device device);

    TrainingHistory train(TimeSeriesDataset& trainDataset,
                          TimeSeriesDataset& valDataset,
                          int numEpochs,
                          int batchSize,
                          double learningRate,
                          double weightDecay,
                          int patience);

    torch::Tensor predict(const torch::Tensor& X);

    static double calculateR2(const torch::Tensor& yTrue, const torch::Tensor& yPred);

    void onEpochCompleted(EpochCallback cb) { epochCompleted_ = std::move(cb); }

private:
    LSTMModel model_;
    torch::Device device_;
    EpochCallback epochCompleted_;
};

} // namespace lstm_predictor
