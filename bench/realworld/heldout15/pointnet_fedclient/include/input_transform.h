#ifndef INPUT_TRANSFORM_H
#define INPUT_TRANSFORM_H

#include <torch/torch.h>

// T-Net of PointNet: predicts a K x K alignment matrix from a point set.
class TNetImpl : public torch::nn::Module {
public:
    static constexpr int64_t kTNetWidth = 200;

    TNetImpl(int64_t in_channels, int64_t K);
    torch::Tensor forward(torch::Tensor x);

private:
    int64_t K;
    torch::nn::Conv1d conv_1{nullptr};
    torch::nn::Conv1d conv_2{nullptr};
    torch::nn::Conv1d conv_3{nullptr};
    torch::nn::Linear fc_1{nullptr};
    torch::nn::Linear fc_2{nullptr};
    torch::nn::BatchNorm1d bn_1{nullptr};
    torch::nn::BatchNorm1d bn_2{nullptr};
    torch::nn::BatchNorm1d bn_3{nullptr};
};

TORCH_MODULE(TNet);

#endif
