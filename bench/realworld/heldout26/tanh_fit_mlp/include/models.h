// Three small fitting networks: a Sequential factory, a module class and a struct MLP.
#pragma once

#include <torch/torch.h>

torch::nn::Sequential createSequentialModel(int dimInput, int dimHidden, int dimOutput, bool isSoftmax = true);

class ThreeLayerTanhNN : public torch::nn::Module {
public:
    ThreeLayerTanhNN(int dimInput, int dimHidden, int dimOutput, bool isSoftmax = true);

    torch::Tensor forward(torch::Tensor x);

private:
    bool isSoftmax_;
    torch::nn::Linear linear1_{nullptr};
    torch::nn::Linear linear2_{nullptr};
    torch::nn::Linear linear3_{nullptr};
    torch::nn::Softmax softmax_{nullptr};
};

struct MLP : torch::nn::Module {
    torch::nn::Linear layer1{nullptr};
    torch::nn::Linear layer2{nullptr};
    torch::nn::Linear layer3{nullptr};

    MLP();

    torch::Tensor forward(torch::Tensor x);
};
