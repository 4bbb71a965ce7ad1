// siamese_network.h — shared-weight CNN producing modality-invariant dense features
#pragma once

#ifdef CMS_HAS_LIBTORCH

#include <torch/torch.h>

namespace cms {

/// ResNet basic block with optional dilation and 1x1 projection shortcut.
class BasicBlockImpl : public torch::nn::Module {
public:
    BasicBlockImpl(int in_channels, int out_channels, int stride, int dilation);
    torch::Tensor forward(torch::Tensor x);

private:
    torch::nn::Conv2d conv1_{nullptr};
    torch::nn::BatchNorm2d bn1_{nullptr};
    torch::nn::Conv2d conv2_{nullptr};
    torch::nn::BatchNorm2d bn2_{nullptr};
    torch::nn::Sequential downsample_{nullptr};
    bool has_downsample_ = false;
};
TORCH_MODULE(BasicBlock);

/// Siamese feature network: 1-channel input, 32-channel L2-normalised features at
/// input resolution.
class SiameseNetworkImpl : public torch::nn::Module {
public:
    SiameseNetworkImpl();

    torch::Tensor forward(torch::Tensor x);

    /// Gather per-pixel feature vectors at integer (batch_idx, y, x) locations.
    torch::Tensor featuresAt(torch::Tensor feature_map, torch::Tensor yx);

private:
    torch::nn::Sequential makeStage(int in_channels, int out_channels, int num_blocks,
                                    int dilation, int stride);

    torch::nn::Conv2d stem_conv_{nullptr};
    torch::nn::BatchNorm2d stem_bn_{nullptr};
    torch::nn::Sequential stage1_{nullptr};
    torch::nn::Sequential stage2_{nullptr};
    torch::nn::Sequential stage3_{nullptr};
    torch::nn::Sequential stage4_{nullptr};
    torch::nn::Conv2d head_{nullptr};
};
TORCH_MODULE(SiameseNetwork);

} // namespace cms

#endif // CMS_HAS_LIBTORCH
