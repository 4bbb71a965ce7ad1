#include "Utils.hpp"
#include "csvreader.hpp"
#include "LSTMNetwork.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <iostream>
#include <iomanip>

#include <torch/torch.h>

using torch::Tensor;

int main(int argc, char* argv[]) {
    torch::manual_seed(0);

    // Parse command-line arguments
    int numEpochs = 20;  // Default value (300 in the thesis code)

    for (int i = 1; i < argc; i++) {
        std::string arg = argv[i];
        if ((arg == "-epochs" || arg == "--epochs") && i + 1 < argc) {
            numEpochs = std::atoi(argv[i + 1]);
            i++;  // Skip next argument
        } else if (arg == "-h" || arg == "--help") {
            std::cout << "Usage: " << argv[0] << " [options]" << std::endl;
            std::cout << "  -epochs N, --epochs N   Number of training epochs (default: 20)" << std::endl;
            return 0;
        }
    }

    const int lookbackWindow = 10;
    const int windowSize = 10;           // Predict next 10 timesteps
    const int NUM_INPUT_FEATURES = 9;    // 9 columns in dataset_1.csv
    const int NUM_OUTPUT_FEATURES = 3;   // Predict 3 angles (roll, pitch, yaw)

    std::cout << "LSTM Multi-Step Ahead Prediction" << std::endl;
    std::cout << "Lookback window (K): " << lookbackWindow << " timesteps" << std::endl;
    std::cout << "  Prediction horizon (N): " << windowSize << " timesteps" << std::endl;
    std::cout << "  Epochs: " << numEpochs << std::endl;

    CsvReader datasetReader("Data/dataset_1.csv");
    datasetReader.read();
    datasetReader.printStats();

    Tensor datasetTensor = LSTMNetwork::tableToTensor(datasetReader.getData());
    int totalSamples = datasetTensor.size(0);

    int numSequences = totalSamples - windowSize - lookbackWindow + 1;
    std::cout << "Number of sequences: " << numSequences << " after removing windowSize and lookback" << std::endl;

    // Pre-allocate X and y tensors
    auto options = torch::TensorOptions().dtype(torch::kDouble);
    Tensor X = torch::zeros({numSequences, lookbackWindow, NUM_INPUT_FEATURES}, options);
    Tensor y = torch::zeros({numSequences, windowSize, NUM_OUTPUT_FEATURES}, options);

    // Angles tensor containing the ground truth values
    Tensor anglesTensor = datasetTensor.slice(1, 0, NUM_OUTPUT_FEATURES);

    // Create sequences
    for (int i = 0; i < numSequences; i++) {
        X[i] = datasetTensor.slice(0, i, i + lookbackWindow);

        int predStart = i + lookbackWindow;
        y[i] = anglesTensor.slice(0, predStart, predStart + windowSize);
    }

    // Chronological split and z-score normalisation from the training part
    int trainingSamples = static_cast<int>(numSequences * 0.8);
    int testSamples = numSequences - trainingSamples;

    Tensor X_train = X.slice(0, 0, trainingSamples);
    Tensor y_train = y.slice(0, 0, trainingSamples);
    Tensor X_test = X.slice(0, trainingSamples);
    Tensor y_test = y.slice(0, trainingSamples);

    std::vector<int64_t> sampleDims = {0, 1};
    Tensor inputMean = X_train.mean(sampleDims);
    Tensor inputStd = X_train.std(sampleDims);
    Tensor targetMean = y_train.mean(sampleDims);
    Tensor targetStd = y_train.std(sampleDims);

    X_train = (X_train - inputMean) / inputStd;
    X_test = (X_test - inputMean) / inputStd;
    y_train = (y_train - targetMean) / targetStd;
    y_test = (y_test - targetMean) / targetStd;

    std::cout << "X_train: " << X_train.sizes() << "  y_train: " << y_train.sizes() << std::endl;

    // Model Creation
    int outputSize = windowSize * NUM_OUTPUT_FEATURES; // Output = how many timesteps to predict * features
    int hiddenStateSize = 128;
    auto model = std::make_shared<LSTMNetwork>(NUM_INPUT_FEATURES, hiddenStateSize, outputSize);

    std::cout << "Architecture: " << model->describe() << std::endl;

    // Training parameters
    const int batchSize = 32;
    const double learningRate = 0.001;

    auto criterion = torch::nn::MSELoss();
    auto optimizer = torch::optim::Adam(model->parameters(), learningRate);

    std::cout << "Batch size: " << batchSize << ", learning rate: " << learningRate
              << ", loss function: " << criterion->name() << std::endl;

    std::cout << "Starting Training" << std::endl;
    model->train();  // Set model to training mode

    double lastLoss = 0.0;
    auto start = std::chrono::steady_clock::now();
    for (int epoch = 0; epoch < numEpochs; epoch++) {
        double epochLoss = 0.0;
        int numBatches = 0;

        // Training per batch
        for (int i = 0; i < trainingSamples; i += batchSize) {
            int currentBatchSize = std::min(batchSize, trainingSamples - i);

            // Extract batch
            Tensor batchX = X_train.slice(0, i, i + currentBatchSize);
            Tensor batchY = y_train.slice(0, i, i + currentBatchSize);

            // Flatten target: [batch, N, 3] -> [batch, N*3]
            Tensor batchYFlat = batchY.reshape({currentBatchSize, -1});

            // Forward pass
            Tensor predictions = model->forward(batchX);
            Tensor loss = criterion(predictions, batchYFlat);

            // Backward pass
            optimizer.zero_grad();
            loss.backward();
            optimizer.step();

            epochLoss += loss.item<double>();
            numBatches++;
        }

        lastLoss = epochLoss / numBatches;
        // Print progress
        if (epoch % 5 == 0 || epoch == numEpochs - 1) {
            std::cout << "Epoch " << std::setw(3) << epoch
                      << " | Loss: " << std::fixed << std::setprecision(6)
                      << lastLoss << std::endl;
        }
    }

    std::cout << "Training Complete" << std::endl;
    std::cout << "Elapsed(s) = " << since<std::chrono::seconds>(start).count() << std::endl;

    model->eval();
    torch::NoGradGuard no_grad;

    evaluateSet(model, X_train, y_train, trainingSamples, windowSize, NUM_OUTPUT_FEATURES,
                targetStd, targetMean, "Train");
    evaluateSet(model, X_test, y_test, testSamples, windowSize, NUM_OUTPUT_FEATURES,
                targetStd, targetMean, "Test");

    std::cout << "final loss: " << std::setprecision(6) << lastLoss << std::endl;
    return 0;
}
