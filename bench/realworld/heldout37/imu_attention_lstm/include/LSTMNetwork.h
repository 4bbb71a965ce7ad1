#ifndef LSTMNETWORK_HPP
#define LSTMNETWORK_HPP

#include <torch/torch.h>
#include <vector>
#include <string>
#include <memory>

#include "Utils.hpp"

using torch::Tensor;

class LSTMNetwork: public torch::nn::Module {
public:
    LSTMNetwork(int inputSize, int hiddenStateSize, int outputSize, double dropoutRate = 0.2);

    std::string describe() const;

    Tensor forward(Tensor X);

    static Tensor tableToTensor(const std::vector<std::vector<double>>& matrixToConvert);

private:
    int inputSize_;
    int hiddenStateSize_;
    int outputSize_;
    torch::nn::LSTM lstm{nullptr};
    torch::nn::Linear attn_linear{nullptr};
    torch::nn::Linear attn_vector{nullptr};
    torch::nn::Dropout dropout{nullptr};
    torch::nn::Linear fc{nullptr};
};

// Print evaluation metrics in a formatted way
void printMetrics(double rmseValue, double maeValue,
                  const std::vector<double>& rmsePerAngle,
                  const std::vector<std::vector<double>>& rmsePerStep,
                  int windowSize);

// Evaluate a dataset split and print metrics
void evaluateSet(std::shared_ptr<LSTMNetwork> model,
                 const Tensor& X_set, const Tensor& y_set,
                 int numSamples, int windowSize, int numOutputFeatures,
                 const Tensor& targetStd, const Tensor& targetMean,
                 const std::string& setName);

#endif // LSTMNETWORK_HPP
