/**
 * @file model_trainer.cpp
 * @brief Implementation of model training logic
 */

#include "model_trainer.h"

#include <iostream>

namespace lstm_predictor {

ModelTrainer::ModelTrainer(LSTMModel model, torch::Device device)
    : model_(model), device_(device) {
    model_->to(device_);
}

TrainingHistory ModelTrainer::train(TimeSeriesDataset& trainDataset,
                                    TimeSeriesDataset& valDataset,
                                    int numEpochs,
                                    int batchSize,
                                    double learningRate,
                                    double weightDecay,
                                    int patience) {

    std::cout << "Starting training..." << std::endl;
    std::cout << "Num epochs: " << numEpochs << std::endl;
    std::cout << "Batch size: " << batchSize << std::endl;
    std::cout << "Learning rate: " << learningRate << std::endl;

    // Create data loaders
    auto trainLoader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
        trainDataset.map(torch::data::transforms::Stack<>()),
        torch::data::DataLoaderOptions().batch_size(batchSize).drop_last(false)
    );

    auto valLoader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
        valDataset.map(torch::data::transforms::Stack<>()),
        torch::data::DataLoaderOptions().batch_size(batchSize).drop_last(false)
    );

    // Setup optimizer
    torch::optim::Adam optimizer(model_->parameters(),
                                 torch::optim::AdamOptions(learningRate)
                                    .weight_decay(weightDecay));

    // Loss criterion
    torch::nn::MSELoss criterion;

    // Early stopping
    EarlyStopping earlyStopping(patience, 0.0001, true);

    // Training history
    TrainingHistory history;

    // Training loop
    for (int epoch = 0; epoch < numEpochs; ++epoch) {
        // ============ Training Phase ============
        model_->train();
        double epochTrainLoss = 0.0;
        int numTrainBatches = 0;
        std::vector<double> trainPreds, trainActuals;

        for (auto& batch : *trainLoader) {
            auto data = batch.data.to(device_);
            auto targets = batch.target.to(device_);

            // Forward pass
            optimizer.zero_grad();
            auto outputs = model_->forward(data);
            auto loss = criterion(outputs.squeeze(), targets);

            // Backward pass
            loss.backward();
            optimizer.step();

            // Accumulate metrics
            epochTrainLoss += loss.item<double>();
            numTrainBatches++;

            auto outputsVec = outputs.squeeze().detach().cpu();
            auto targetsVec = targets.cpu();
            for (int i = 0; i < outputsVec.size(0); ++i) {
                trainPreds.push_back(outputsVec[i].item<double>());
                trainActuals.push_back(targetsVec[i].item<double>());
            }
        }

        double avgTrainLoss = epochTrainLoss / numTrainBatches;

        // Calculate training R²
        auto trainPredsTensor = torch::tensor(trainPreds);
        auto trainActualsTensor = torch::tensor(trainActuals);
        double trainR2 = calculateR2(trainActualsTensor, trainPredsTensor);

        // ============ Validation Phase ============
        model_->eval();
        double epochValLoss = 0.0;
        int numValBatches = 0;
        std::vector<double> valPreds, valActuals;

        {
            torch::NoGradGuard noGrad;
            for (auto& batch : *valLoader) {
                auto data = batch.data.to(device_);
                auto targets = batch.target.to(device_);

                auto outputs = model_->forward(data);
                auto loss = criterion(outputs.squeeze(), targets);

                epochValLoss += loss.item<double>();
                numValBatches++;

                auto outputsVec = outputs.squeeze().cpu();
                auto targetsVec = targets.cpu();
                for (int i = 0; i < outputsVec.size(0); ++i) {
                    valPreds.push_back(outputsVec[i].item<double>());
                    valActuals.push_back(targetsVec[i].item<double>());
                }
            }
        }

        double avgValLoss = epochValLoss / numValBatches;

        // Calculate validation R²
        auto valPredsTensor = torch::tensor(valPreds);
        auto valActualsTensor = torch::tensor(valActuals);
        double valR2 = calculateR2(valActualsTensor, valPredsTensor);

        // Store history
        history.trainLosses.push_back(avgTrainLoss);
        history.valLosses.push_back(avgValLoss);
        history.trainR2Scores.push_back(trainR2);
        history.valR2Scores.push_back(valR2);

        // Print progress every 2 epochs
        if ((epoch + 1) % 2 == 0) {
            std::cout << "Epoch [" << (epoch + 1) << "/" << numEpochs << "]" << std::endl;
            std::cout << "  Train - Loss: " << avgTrainLoss << ", R2: " << trainR2 << std::endl;
            std::cout << "  Val   - Loss: " << avgValLoss << ", R2: " << valR2 << std::endl;
        }

        // Emit signal for GUI update
        if (epochCompleted_) {
            epochCompleted_(epoch + 1, avgTrainLoss, avgValLoss, trainR2, valR2);
        }

        // Check early stopping
        if (earlyStopping(avgValLoss, model_)) {
            std::cout << "Early stopping triggered at epoch " << (epoch + 1) << std::endl;
            break;
        }
    }

    return history;
}

torch::Tensor ModelTrainer::predict(const torch::Tensor& X) {
    model_->eval();
    torch::NoGradGuard noGrad;

    // Move to device and predict
    auto XDevice = X.to(device_);

    std::vector<torch::Tensor> predictions;
    int64_t batchSize = 64;
    int64_t numSamples = X.size(0);

    for (int64_t i = 0; i < numSamples; i += batchSize) {
        int64_t endIdx = std::min(i + batchSize, numSamples);
        auto batch = XDevice.slice(0, i, endIdx);
        auto output = model_->forward(batch);
        predictions.push_back(output.cpu());
    }

    return torch::cat(predictions, 0);
}

double ModelTrainer::calculateR2(const torch::Tensor& yTrue, const torch::Tensor& yPred) {
    // R² = 1 - (SS_res / SS_tot)
    auto mean = yTrue.mean();
    auto ssTot = ((yTrue - mean) * (yTrue - mean)).sum();
    auto ssRes = ((yTrue - yPred) * (yTrue - yPred)).sum();

    double r2 = 1.0 - (ssRes.item<double>() / ssTot.item<double>());
    return r2;
}

} // namespace lstm_predictor
