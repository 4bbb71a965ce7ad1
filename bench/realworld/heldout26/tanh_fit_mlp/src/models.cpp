#include "models.h"

torch::nn::Sequential createSequentialModel(int dimInput, int dimHidden, int dimOutput, bool isSoftmax) {
    // Create a sequential model with three layers
    torch::nn::Sequential model = torch::nn::Sequential({
        {"linear1", torch::nn::Linear(dimInput, dimHidden)},
        {"activation1", torch::nn::Tanh()},
        {"linear2", torch::nn::Linear(dimHidden, dimHidden)},
        {"activation2", torch::nn::Tanh()},
        {"output", torch::nn::Linear(dimHidden, dimOutput)}
    });
    if (isSoftmax) {
        model->push_back("activation3", torch::nn::Softmax(1));
    }
    return model;
}

ThreeLayerTanhNN::ThreeLayerTanhNN(int dimInput, int dimHidden, int dimOutput, bool isSoftmax) {
    linear1_ = register_module("linear1", torch::nn::Linear(dimInput, dimHidden));
    linear2_ = register_module("linear2", torch::nn::Linear(dimHidden, dimHidden));
    linear3_ = register_module("linear3", torch::nn::Linear(dimHidden, dimOutput));
    isSoftmax_ = isSoftmax;
    if (isSoftmax_) {
        softmax_ = register_module("activation3", torch::nn::Softmax(1));
    }
}

torch::Tensor ThreeLayerTanhNN::forward(torch::Tensor x) {
    x = torch::relu(linear1_->forward(x));
    x = torch::relu(linear2_->forward(x));
    x = linear3_->forward(x);
    if (isSoftmax_) {
        x = softmax_->forward(x);
    }
    return x;
}

MLP::MLP() {
    layer1 = register_module("layer1", torch::nn::Linear(torch::nn::LinearOptions(1, 16)));
    layer2 = register_module("layer2", torch::nn::Linear(torch::nn::LinearOptions(16, 16)));
    layer3 = register_module("layer3", torch::nn::Linear(torch::nn::LinearOptions(16, 1)));
}

torch::Tensor MLP::forward(torch::Tensor x) {
    x = torch::relu(layer1(x));
    x = torch::relu(layer2(x));
    x = layer3(x);
    return x;
}
