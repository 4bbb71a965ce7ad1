#pragma once
#include <torch/torch.h>

class ImageClassification : public torch::nn::Module
{
public:
    ImageClassification(int in_channel, int class_num, int stage = 4);
    torch::Tensor forward(torch::Tensor x);

private:
    torch::nn::Sequential convs{nullptr};
    torch::nn::Sequential fcs{nullptr};
    double gem_p = 3.0;
};
