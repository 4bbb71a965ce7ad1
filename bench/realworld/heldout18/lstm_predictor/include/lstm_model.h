/**
 * @file lstm_model.h
 * @brief LSTM network for time series prediction
 */
#pragma once

#include <torch/torch.h>

namespace lstm_predictor {

class LSTMModelImpl : public torch::nn::Module {
public:
    LSTMModelImpl(int64_t inputSize, int64_t hiddenSize, int64_t numLayers,
                  int64_t outputSize, double dropout, int64_t warmup);

    torch::Tensor forward(torch::Tensor x);

    int64_t getNumParameters() const;

private:
    int64_t hiddenSize_;
    int64_t numLayers_;
    int64_t warmup_;
    torch::nn::LSTM lstm_{nullptr};
    torch::nn::Linear attn_{nullptr};
    torch::nn::Dropout dropout_{nullptr};
    torch::nn::Linear fc_{nullptr};
};

TORCH_MODULE(LSTMModel);

} // namespace lstm_predictor
