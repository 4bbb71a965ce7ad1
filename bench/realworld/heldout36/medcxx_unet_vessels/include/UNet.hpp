#pragma once

#include "BaseModel.hpp"
#include "Layers.hpp"
#include <torch/torch.h>

// UNet for binary segmentation of retinal blood vessels
class UNet : public BaseModel {
public:
    UNet(int inChannels, int outChannels, torch::Device device = torch::kCPU);

    // Forward pass
    torch::Tensor predict(const torch::Tensor& input) override;

private:
    DoubleConv inc{nullptr};
    Down down1{nullptr}, down2{nullptr}, down3{nullptr}, down4{nullptr};
    Up up1{nullptr}, up2{nullptr}, up3{nullptr}, up4{nullptr};
    OutConv outc{nullptr};
};
