#include <torch/torch.h>
#include <iostream>
#include <vector>
#include "hparams.h"
#include "network.h"
#include "report.h"
#include "sine_data.h"

static double directionAccuracy(const torch::Tensor& preds, const torch::Tensor& targets)
{
    return (preds.sign() == targets.sign()).to(torch::kFloat32).mean().item<double>();
}

//==================================================================
int main()
{
    torch::manual_seed(0);

    //---- SETUP DATA FOR TRAINING
    const auto trainPrices = generateSineWave(
        TRAINDATA_SAMPLES_N, TRAINDATA_FREQUENCY, TRAINDATA_MIN_VAL, TRAINDATA_MAX_VAL, 0.0);
    const auto trainInputData = makeInputData(trainPrices);
    auto [trainSeqs, trainTargets] = createSequences(trainInputData, LSTM_SEQUENCE_LENGTH);

    std::cout << "  LSTM_INPUT_SIZE: " << LSTM_INPUT_SIZE << std::endl;
    std::cout << "  LSTM_HIDDEN_SIZE: " << LSTM_HIDDEN_SIZE << std::endl;
    std::cout << "  LSTM_SEQUENCE_LENGTH: " << LSTM_SEQUENCE_LENGTH << std::endl;
    std::cout << "  trainSeqs    {seqs_batch, seq_len, feature}): " << trainSeqs.sizes() << std::endl;

    //---- SETUP DATA FOR TESTING (a shifted phase of the same market)
    const auto testPrices = generateSineWave(
        TESTDATA_SAMPLES_N, TESTDATA_FREQUENCY, TESTDATA_MIN_VAL, TESTDATA_MAX_VAL, 1.3);
    const auto testInputData = makeInputData(testPrices);
    const auto [testSeqs, testTargets] = createSequences(testInputData, LSTM_SEQUENCE_LENGTH);

    // Initialize the model
    Network net(LSTM_INPUT_SIZE, LSTM_HIDDEN_SIZE, LSTM_LAYERS_N);

    // Specify loss function and optimizer
    torch::optim::AdamW optimizer(net.parameters(), torch::optim::AdamWOptions(LEARNING_RATE_ADAMW));
    torch::nn::MSELoss lossFunc(torch::nn::MSELossOptions().reduction(torch::kMean));

    double testLossBefore = 0.0;
    double dirAccBefore = 0.0;
    {
        torch::NoGradGuard no_grad;
        const auto preds = net.forward(testSeqs);
        testLossBefore = lossFunc(preds, testTargets.squeeze(-1)).item<double>();
        dirAccBefore = directionAccuracy(preds, testTargets.squeeze(-1));
    }

    std::vector<float> trainLossHist;
    std::vector<float> testLossHist;
    float lastTrainLoss = 0.0f;

    // Training loop
    for (size_t epoch = 0; epoch < EPOCHS_N; ++epoch)
    {
        // trainPreds: {seqs_batch}
        const auto trainPreds = net.forward(trainSeqs);
        const auto trainLoss = lossFunc(trainPreds, trainTargets.squeeze(-1));

        // Backward pass and optimization
        optimizer.zero_grad();
        trainLoss.backward();
        optimizer.step();
        lastTrainLoss = trainLoss.item<float>();

        if ((epoch + 1) % 30 == 0)
        {
            // Switch to evaluation mode
            net.eval();

            torch::NoGradGuard no_grad;
            const auto testPreds = net.forward(testSeqs);
            const auto testLoss = lossFunc(testPreds, testTargets.squeeze(-1));

            trainLossHist.push_back(lastTrainLoss);
            testLossHist.push_back(testLoss.item<float>());

            printLossReport(epoch, trainLossHist, testLossHist);

            // Switch back to training mode
            net.train();
        }
    }

    torch::NoGradGuard no_grad;
    net.eval();
    const auto testPreds = net.forward(testSeqs);
    const double testLossAfter = lossFunc(testPreds, testTargets.squeeze(-1)).item<double>();
    const double dirAccAfter = directionAccuracy(testPreds, testTargets.squeeze(-1));
    std::vector<float> predVec;
    for (int64_t i = 0; i < testPreds.size(0); ++i)
        predVec.push_back(denormalize(testPreds[i].item<float>()));
    std::string chart = "## Test Predictions (log returns)\n";
    DrawChart(chart, predVec, CHART_W);
    std::cout << chart;

    std::cout << "final loss: " << lastTrainLoss << std::endl;
    std::cout << "test MSE: " << testLossBefore << " -> " << testLossAfter << std::endl;
    std::cout << "test direction accuracy: " << dirAccBefore << " -> " << dirAccAfter << std::endl;
    return 0;
}
