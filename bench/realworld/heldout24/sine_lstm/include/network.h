#pragma once
#include <torch/torch.h>

//==================================================================
class Network : public torch::nn::Module
{
    torch::nn::LSTM mLSTM{nullptr};
    torch::nn::Linear mLinear{nullptr};

public:
    Network(int inputSize, int hiddenSize, int layersN);

    //       x: {seqs_batch, seq_len, input_size}
    // returns: {seqs_batch}
    torch::Tensor forward(torch::Tensor x);
};
