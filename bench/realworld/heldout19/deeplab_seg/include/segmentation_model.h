#pragma once
#include <torch/torch.h>

#include <string>
#include <unordered_map>

#include "resnet.h"

class SegmentationModelImpl : public torch::nn::Module {
public:
    SegmentationModelImpl();
    ~SegmentationModelImpl();

    void deeplabv3_resnet_tiny(bool pretrained, int64_t num_classes, bool aux = true);

    std::unordered_map<std::string, torch::Tensor> forward(torch::Tensor x);

    IntermediateLayerGetter _backbone{nullptr};
    torch::nn::Sequential _classifier{nullptr};
    torch::nn::Sequential _aux_classifier{nullptr};

private:
    bool _aux;

    torch::nn::Sequential _make_FCNHead(int64_t in_channels, int64_t channels);
};
TORCH_MODULE(SegmentationModel);
