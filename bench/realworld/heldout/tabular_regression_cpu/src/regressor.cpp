#include "regressor.h"

RegressorImpl::RegressorImpl(int64_t num_features, int64_t hidden1, int64_t hidden2)
    : hidden1_(hidden1), hidden2_(hidden2) {
    input_layer = register_module("input_layer", torch::nn::Linear(num_features, hidden1_));
    hidden_layer = register_module("hidden_layer", torch::nn::Linear(hidden1_, hidden2_));
    output_layer = register_module("output_layer", torch::nn::Linear(hidden2_, 1));
    dropout = register_module("dropout", torch::nn::Dropout(0.1));
}

torch::Tensor RegressorImpl::forward(torch::Tensor x) {
    x = torch::relu(input_layer->forward(x));
    x = dropout->forward(x);
    x = torch::relu(hidden_layer->forward(x));
    return output_layer->forward(x);
}
