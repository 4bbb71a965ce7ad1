// MLP regressor for small tabular data sets (e.g. Boston housing).
#pragma once

#include <torch/torch.h>

class RegressorImpl : public torch::nn::Module {
 public:
    RegressorImpl(int64_t num_features, int64_t hidden1, int64_t hidden2);

    torch::Tensor forward(torch::Tensor x);

 private:
    int64_t hidden1_;
    int64_t hidden2_;
    torch::nn::Linear input_layer{nullptr};
    torch::nn::Linear hidden_layer{nullptr};
    torch::nn::Linear output_layer{nullptr};
    torch::nn::Dropout dropout{nullptr};
};

TORCH_MODULE(Regressor);
