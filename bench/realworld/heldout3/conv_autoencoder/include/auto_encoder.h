#ifndef AUTO_ENCODER_H
#define AUTO_ENCODER_H
#include <torch/torch.h>

#include <vector>

class AutoEncoderImpl : public torch::nn::Module
{
public:
    AutoEncoderImpl(
        std::vector<int>    encoder_conv_filters,
        std::vector<int>    encoder_conv_kernel_sizes,
        std::vector<int>    encoder_conv_strides,
        std::vector<int>    decoder_conv_filters,
        std::vector<int>    decoder_conv_kernel_sizes,
        std::vector<int>    decoder_conv_strides,
        int                 z_dim,
        bool                uses_batch_norm = false,
        bool                uses_dropout = false
    );

    torch::Tensor forward(torch::Tensor x);

    // KL sparsity penalty of a sparse autoencoder on the code the encoder produced
    torch::Tensor sparsity_penalty(const torch::Tensor& code, double rho) const;

    torch::nn::Sequential& get_encoder();
    torch::nn::Sequential& get_decoder();
    int get_z_dim() const { return z_dim_; }

private:
    std::vector<int>    encoder_conv_filters_;
    std::vector<int>    encoder_conv_kernel_sizes_;
    std::vector<int>    encoder_conv_strides_;
    std::vector<int>    decoder_conv_filters_;
    std::vector<int>    decoder_conv_kernel_sizes_;
    std::vector<int>    decoder_conv_strides_;
    int                 z_dim_;
    bool                uses_batch_norm_;
    bool                uses_dropout_;
    std::size_t         n_layers_encoder_;
    std::size_t         n_layers_decoder_;

    torch::nn::Sequential encoder_;
    torch::nn::Sequential decoder_;

    void build();
    torch::nn::Sequential build_encoder();
    torch::nn::Sequential build_decoder();
};

TORCH_MODULE(AutoEncoder);

#endif // AUTO_ENCODER_H
