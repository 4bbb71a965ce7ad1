#ifndef TNET_H
#define TNET_H

#include <torch/torch.h>

// Predicts a k x k transform of the input points (PointNet's input transform).
class InputTransformImpl : public torch::nn::Module {
    public:
        InputTransformImpl(int64_t k, int64_t hidden = 36);
        torch::Tensor forward(torch::Tensor x);
    private:
        int64_t k;
        torch::nn::Conv1d conv{nullptr};
        torch::nn::BatchNorm1d bn{nullptr};
        torch::nn::Linear fc{nullptr};
};

TORCH_MODULE(InputTransform);

#endif
