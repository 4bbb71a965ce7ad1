#pragma once
#include <torch/torch.h>
#include "config.h"

// Splits the [B, channels, time, mel] features into patches and projects each
// patch to the embedding: [B, num_patches, embed_dim].
struct PatchEmbeddingImpl : torch::nn::Module {
    torch::nn::Conv2d proj{ nullptr };

    PatchEmbeddingImpl(const SystemConfig& config, enum ModelType model_type);

    torch::Tensor forward(torch::Tensor input);
};
TORCH_MODULE(PatchEmbedding);
