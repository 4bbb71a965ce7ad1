#include "auto_encoder.h"

namespace
{
    constexpr int ENCODER_START_CHANNELS        {1};
    constexpr int DECODER_START_CHANNELS        {64};
    constexpr int FLATTEN_SIZE                  {3136};
    constexpr int DENSE_UNITS                   {100};
    const std::vector<int64_t> BEFORE_FLATTEN_SIZE  {64, 7, 7};
}

AutoEncoderImpl::AutoEncoderImpl(
    std::vector<int>    encoder_conv_filters,
    std::vector<int>    encoder_conv_kernel_sizes,
    std::vector<int>    encoder_conv_strides,
    std::vector<int>    decoder_conv_filters,
    std::vector<int>    decoder_conv_kernel_sizes,
    std::vector<int>    decoder_conv_strides,
    int                 z_dim,
    bool                uses_batch_norm,
    bool                uses_dropout
)
    : encoder_conv_filters_{encoder_conv_filters}
    , encoder_conv_kernel_sizes_{encoder_conv_kernel_sizes}
    , encoder_conv_strides_{encoder_conv_strides}
    , decoder_conv_filters_{decoder_conv_filters}
    , decoder_conv_kernel_sizes_{decoder_conv_kernel_sizes}
    , decoder_conv_strides_{decoder_conv_strides}
    , z_dim_{z_dim}
    , uses_batch_norm_{uses_batch_norm}
    , uses_dropout_{uses_dropout}
    , n_layers_encoder_{encoder_conv_filters.size()}
    , n_layers_decoder_{decoder_conv_filters.size()}
    , encoder_{nullptr}
    , decoder_{nullptr}
{
    build();
}

torch::nn::Sequential& AutoEncoderImpl::get_encoder()
{
    return encoder_;
}

torch::nn::Sequential& AutoEncoderImpl::get_decoder()
{
    return decoder_;
}

void AutoEncoderImpl::build()
{
    encoder_ = build_encoder();
    register_module("encoder_", encoder_);
    decoder_ = build_decoder();
    register_module("decoder_", decoder_);
}

torch::nn::Sequential AutoEncoderImpl::build_encoder()
{
    // (batch_size, channels, rows, cols)
    torch::nn::Sequential encoder {};
    int in_channels = ENCODER_START_CHANNELS;
    for (std::size_t i = 0; i < n_layers_encoder_; ++i)
    {
        auto out_channels = encoder_conv_filters_[i];
        encoder->push_back(
            torch::nn::Conv2d(
                torch::nn::Conv2dOptions(in_channels, out_channels, encoder_conv_kernel_sizes_[i])
                    .stride(encoder_conv_strides_[i])
                    .padding(1)
            )
        );
        in_channels = out_channels;

        encoder->push_back(
            torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.3))
        );

        if (uses_batch_norm_)
        {
            encoder->push_back(
                torch::nn::BatchNorm2d(encoder_conv_filters_[i])
            );
        }

        if (uses_dropout_)
        {
            encoder->push_back(
                torch::nn::Dropout(0.25)
            );
        }
    }

    encoder->push_back(
        torch::nn::Flatten()
    );

    encoder->push_back(
        torch::nn::Linear(FLATTEN_SIZE, DENSE_UNITS)
    );
    encoder->push_back(
        torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.3))
    );
    encoder->push_back(
        torch::nn::Linear(DENSE_UNITS, z_dim_)
    );
    return encoder;
}

torch::nn::Sequential AutoEncoderImpl::build_decoder()
{
    // (batch_size, z_dim)
    torch::nn::Sequential decoder {};

    decoder->push_back(
        torch::nn::Linear(z_dim_, DENSE_UNITS)
    );
    decoder->push_back(
        torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.3))
    );
    decoder->push_back(
        torch::nn::Linear(DENSE_UNITS, FLATTEN_SIZE)
    );

    decoder->push_back(
        torch::nn::Unflatten(torch::nn::UnflattenOptions(1, BEFORE_FLATTEN_SIZE))
    );

    int in_channels = DECODER_START_CHANNELS;
    for (std::size_t i = 0; i < n_layers_decoder_; ++i)
    {
        auto out_channels = decoder_conv_filters_[i];
        decoder->push_back(
            torch::nn::ConvTranspose2d(
                torch::nn::ConvTranspose2dOptions(in_channels, out_channels, decoder_conv_kernel_sizes_[i])
                    .stride(decoder_conv_strides_[i])
                    .padding(1)
                    .output_padding(decoder_conv_strides_[i] + 2 * 1 - decoder_conv_kernel_sizes_[i])
            )
        );
        in_channels = out_channels;

        if (i < n_layers_decoder_ - 1)
        {
            decoder->push_back(
                torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.3))
            );
            if (uses_batch_norm_)
            {
                decoder->push_back(
                    torch::nn::BatchNorm2d(decoder_conv_filters_[i])
                );
            }
            if (uses_dropout_)
            {
                decoder->push_back(
                    torch::nn::Dropout(0.25)
                );
            }
        }
        else
        {
            decoder->push_back(
                torch::nn::Sigmoid()
            );
        }
    }

    return decoder;
}

torch::Tensor AutoEncoderImpl::forward(torch::Tensor x)
{
    x = encoder_->forward(x);
    return decoder_->forward(x);
}

torch::Tensor AutoEncoderImpl::sparsity_penalty(const torch::Tensor& code, double rho) const
{
    // average activation of each latent unit over the batch, pulled towards rho
    auto rho_hat = torch::sigmoid(code).mean(0);
    auto kl = rho * torch::log(rho / (rho_hat + 1e-10)) + (1 - rho) * torch::log((1 - rho) / (1 - rho_hat + 1e-10));
    return kl.sum();
}
