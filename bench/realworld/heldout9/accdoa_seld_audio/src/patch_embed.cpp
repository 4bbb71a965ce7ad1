#include "patch_embed.h"

PatchEmbeddingImpl::PatchEmbeddingImpl(const SystemConfig& config, enum ModelType model_type) {
    torch::nn::Conv2dOptions opts(model_type, config.embed_dim, config.patch_size);
    opts.stride(config.conv_stride);
    // Convolution 2d based on the channels, embedding dimensions, and patch size
    proj = register_module("Linear Projection", torch::nn::Conv2d(opts));
}

torch::Tensor PatchEmbeddingImpl::forward(torch::Tensor input) {
    input = proj->forward(input);
    return input.flatten(2).transpose(1, 2);
}
