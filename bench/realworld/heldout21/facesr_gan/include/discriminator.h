#pragma once

// VGG-style discriminator; outputs logits (no sigmoid)

#include <torch/torch.h>

namespace facesr {

class VGGStyleDiscriminatorImpl : public torch::nn::Module {
public:
    VGGStyleDiscriminatorImpl(int in_channels = 3, int num_feat = 64,
                              int input_size = 256, bool use_spectral_norm = false);

    void init_weights();
    torch::Tensor forward(torch::Tensor x);
    int64_t get_num_parameters() const;

private:
    int input_size_;
    bool use_spectral_norm_;

    // three groups of two convolutions (the second with stride 2): 32 -> 16 -> 8 -> 4
    torch::nn::Conv2d conv0_0_{nullptr}, conv0_1_{nullptr};
    torch::nn::BatchNorm2d bn0_1_{nullptr};
    torch::nn::Conv2d conv1_0_{nullptr}, conv1_1_{nullptr};
    torch::nn::BatchNorm2d bn1_0_{nullptr}, bn1_1_{nullptr};
    torch::nn::Conv2d conv2_0_{nullptr}, conv2_1_{nullptr};
    torch::nn::BatchNorm2d bn2_0_{nullptr}, bn2_1_{nullptr};

    torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
};
TORCH_MODULE(VGGStyleDiscriminator);

}  // namespace facesr
