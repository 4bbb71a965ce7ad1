#pragma once
#include <torch/torch.h>

#include <tuple>

#include "config.h"
#include "dataset.h"
#include "patch_embed.h"

// Many-to-many audio spectrogram transformer: one model per task (SED or DOA).
struct M2M_ASTImpl : torch::nn::Module {
    PatchEmbedding patch_embed{ nullptr };
    torch::Tensor cls_tokens;
    torch::Tensor pos_embed;
    torch::nn::TransformerEncoder encoder{ nullptr };
	torch::nn::Linear head{ nullptr };
    int64_t t_prime;
    int64_t track_count;
	ModelType model_type;
    torch::optim::Optimizer* optimizer = nullptr;
    torch::Device device_{ torch::kCPU };

    M2M_ASTImpl(const SystemConfig& config, enum ModelType model_type);

    torch::Tensor forward(torch::Tensor input);

    torch::Tensor loss(torch::Tensor& prediction,
                        torch::Tensor& sed_target,
                        torch::Tensor& doa_target) const;

    void set_optimizer(torch::optim::Optimizer* opt) {
        this->optimizer = opt;
    }

    void adjust_learning_rate(float epoch, float total_epochs, float warmup_epochs, float target_lr) const;

    std::tuple<float, float> batch_train(
        const SystemConfig& config,
        DatasetProcessor* sed_featureset,
        DatasetProcessor* doa_featureset,
        DatasetProcessor* sed_labelset,
        DatasetProcessor* doa_labelset);

    torch::Tensor inference(torch::Tensor x_in);

    void init();
};
TORCH_MODULE(M2M_AST);
