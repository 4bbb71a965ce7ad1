/**
 * @file main.cpp
 * @brief Entry point for the LSTM time series predictor (console, no GUI)
 */

#include <torch/torch.h>

#include <iostream>

#include "data_preprocessor.h"
#include "lstm_model.h"
#include "model_trainer.h"
#include "time_series_dataset.h"
#include "training_config.h"

using namespace lstm_predictor;

int main() {
    torch::manual_seed(0);

    std::cout << "==============================================" << std::endl;
    std::cout << "LSTM Time Series Predictor" << std::endl;
    std::cout << "==============================================" << std::endl;
    std::cout << "CUDA available: " << (torch::cuda::is_available() ? "Yes" : "No") << std::endl;

    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

    // Settings chosen in the dialog
    TrainingConfig config;
    config.lookback = 20;
    config.hiddenSize = 100;
    config.numLayers = 1;
    config.numEpochs = 8;

    DataPreprocessor preprocessor(1500, 42);
    auto windows = preprocessor.makeWindows(config.lookback);
    auto parts = DataPreprocessor::split(windows, config.trainFraction);
    TimeSeriesDataset trainDataset(parts.first.first, parts.first.second);
    TimeSeriesDataset valDataset(parts.second.first, parts.second.second);

    LSTMModel model(preprocessor.numFeatures(), config.hiddenSize, config.numLayers,
                    1, config.dropout, config.warmup);
    std::cout << "Parameters: " << model->getNumParameters() << std::endl;

    ModelTrainer trainer(model, device);
    double r2Before = ModelTrainer::calculateR2(valDataset.targets(),
                                                trainer.predict(valDataset.features()).squeeze(1));

    trainer.onEpochCompleted([](int epoch, double trainLoss, double valLoss, double, double) {
        if (epoch == 1) {
            std::cout << "first epoch: train " << trainLoss << ", val " << valLoss << std::endl;
        }
    });

    TrainingHistory history = trainer.train(trainDataset, valDataset, config.numEpochs,
                                            config.batchSize, config.learningRate,
                                            config.weightDecay, config.patience);

    double r2After = ModelTrainer::calculateR2(valDataset.targets(),
                                               trainer.predict(valDataset.features()).squeeze(1));

    std::cout << "final loss: " << history.trainLosses.back() << std::endl;
    std::cout << "validation R2 (" << valDataset.size().value() << " windows): "
              << r2Before << " -> " << r2After << std::endl;
    return 0;
}
