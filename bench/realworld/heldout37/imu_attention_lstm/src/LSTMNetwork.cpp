#include "LSTMNetwork.h"

#include <iomanip>
#include <iostream>
#include <sstream>

LSTMNetwork::LSTMNetwork(int inputSize, int hiddenStateSize, int outputSize, double dropoutRate) {
    // 1. Standard LSTM layer
    lstm = register_module("lstm", torch::nn::LSTM(
        torch::nn::LSTMOptions(inputSize, hiddenStateSize).batch_first(true)
    ));

    // 2. Attention projection over the hidden states
    attn_linear = register_module("attn_linear", torch::nn::Linear(hiddenStateSize, hiddenStateSize));

    // 3. Attention scoring: one scalar score per timestep
    attn_vector = register_module("attn_vector", torch::nn::Linear(hiddenStateSize, 1));

    // 4. Dropout (training only)
    dropout = register_module("dropout", torch::nn::Dropout(dropoutRate));

    // 5. Fully connected output layer
    fc = register_module("fc", torch::nn::Linear(hiddenStateSize, outputSize));

    inputSize_ = inputSize;
    hiddenStateSize_ = hiddenStateSize;
    outputSize_ = outputSize;

    this->to(torch::kDouble);
}

std::string LSTMNetwork::describe() const {
    std::ostringstream ss;
    ss << "Input(" << inputSize_ << ") -> LSTM(" << hiddenStateSize_ << ") -> Attention -> FC(" << outputSize_ << ")";
    return ss.str();
}

Tensor LSTMNetwork::forward(Tensor X) {
    // Step 1: LSTM
    auto lstmOutput = lstm->forward(X);
    auto hiddenStates = std::get<0>(lstmOutput); // [batch, seq_len, hidden]

    // Step 2: dropout on the hidden states
    hiddenStates = dropout->forward(hiddenStates);

    // Step 3: attention, project and score
    auto energy = torch::tanh(attn_linear->forward(hiddenStates));
    auto scores = attn_vector->forward(energy).squeeze(-1); // [batch, seq_len]

    // Step 4: normalise the scores
    auto weights = torch::softmax(scores, /*dim=*/1);

    // Step 5: weighted sum -> context vector
    auto context = torch::bmm(weights.unsqueeze(1), hiddenStates).squeeze(1); // [batch, hidden]

    // Step 6: dropout before FC
    context = dropout->forward(context);

    // Step 7: FC output
    auto out = fc->forward(context); // [batch, output_size]
    return out;
}

Tensor LSTMNetwork::tableToTensor(const std::vector<std::vector<double>>& matrixToConvert) {
    int rows = matrixToConvert.size();
    int cols = matrixToConvert[0].size();

    auto options = torch::TensorOptions().dtype(torch::kDouble);
    auto tensor = torch::zeros({rows, cols}, options);

    for (int i = 0; i < rows; i++) {
        std::vector<double> rowData(cols);
        for (int j = 0; j < cols; j++) {
            rowData[j] = matrixToConvert[i][j];
        }

        auto rowTensor = torch::from_blob(rowData.data(), {cols}, options).clone();
        tensor[i] = rowTensor;
    }
    return tensor;
}

void printMetrics(double rmseValue, double maeValue,
                  const std::vector<double>& rmsePerAngle,
                  const std::vector<std::vector<double>>& rmsePerStep,
                  int windowSize) {
    std::cout << "Overall Metrics:" << std::endl;
    std::cout << "  RMSE (all): " << std::fixed << std::setprecision(6)
              << rmseValue << " rad = "
              << std::setprecision(3) << Utils::convertToDeg(rmseValue) << " deg" << std::endl;
    std::cout << "  MAE  (all): " << std::fixed << std::setprecision(6)
              << maeValue << " rad = "
              << std::setprecision(3) << Utils::convertToDeg(maeValue) << " deg" << std::endl;

    std::cout << "RMSE per angle: roll " << std::setprecision(3) << Utils::convertToDeg(rmsePerAngle[0])
              << " deg, pitch " << Utils::convertToDeg(rmsePerAngle[1])
              << " deg, yaw " << Utils::convertToDeg(rmsePerAngle[2]) << " deg" << std::endl;

    std::cout << "Step | Roll (deg) | Pitch (deg) | Yaw (deg)" << std::endl;
    for (int step = 0; step < windowSize; step++) {
        std::cout << std::setw(4) << (step + 1) << " | "
                  << std::fixed << std::setprecision(6)
                  << std::setw(10) << Utils::convertToDeg(rmsePerStep[step][0]) << " | "
                  << std::setw(11) << Utils::convertToDeg(rmsePerStep[step][1]) << " | "
                  << std::setw(9) << Utils::convertToDeg(rmsePerStep[step][2]) << std::endl;
    }
    std::cout << std::endl;
}

void evaluateSet(std::shared_ptr<LSTMNetwork> model,
                 const Tensor& X_set, const Tensor& y_set,
                 int numSamples, int windowSize, int numOutputFeatures,
                 const Tensor& targetStd, const Tensor& targetMean,
                 const std::string& setName) {
    std::cout << "=== " << setName << " Metrics (" << numSamples << " samples) ===" << std::endl;

    Tensor preds = model->forward(X_set);
    preds = preds.view({numSamples, windowSize, numOutputFeatures});

    // Denormalise back to radians
    Tensor unscaledPreds = (preds * targetStd) + targetMean;
    Tensor unscaledTargets = (y_set * targetStd) + targetMean;

    Tensor diff = unscaledPreds - unscaledTargets;

    double rmseValue = diff.pow(2).mean().sqrt().item<double>();
    double maeValue = diff.abs().mean().item<double>();

    std::vector<int64_t> dims = {0, 1};
    Tensor rmsePerAngleTensor = diff.pow(2).mean(dims).sqrt();
    auto rmse_acc = rmsePerAngleTensor.accessor<double, 1>();
    std::vector<double> rmsePerAngle = {rmse_acc[0], rmse_acc[1], rmse_acc[2]};

    std::vector<std::vector<double>> rmsePerStep;
    for (int step = 0; step < windowSize; step++) {
        Tensor stepPred = unscaledPreds.select(1, step);
        Tensor stepTarget = unscaledTargets.select(1, step);
        Tensor rmse = (stepPred - stepTarget).pow(2).mean(0).sqrt();
        auto acc = rmse.accessor<double, 1>();
        rmsePerStep.push_back({acc[0], acc[1], acc[2]});
    }

    printMetrics(rmseValue, maeValue, rmsePerAngle, rmsePerStep, windowSize);
}
