#include "model.h"

#include <cmath>
#include <iostream>

M2M_ASTImpl::M2M_ASTImpl(const SystemConfig& config, enum ModelType model_type):
    t_prime(config.t_prime), track_count(config.track_count), model_type(model_type) {
    patch_embed = register_module("Patch Embedding", PatchEmbedding(config, model_type));

    cls_tokens = register_parameter("Classification Tokens", torch::randn({ 1, t_prime, config.embed_dim }));
    pos_embed = register_parameter("Position Embedding", torch::randn({ 1, config.total_seq, config.embed_dim }));

    torch::nn::TransformerEncoderLayerOptions layer_opts(config.embed_dim, config.att_headers);
    layer_opts.dim_feedforward(4 * config.embed_dim).dropout(config.dropout).activation(torch::kGELU);
    torch::nn::TransformerEncoderOptions encoder_opts(torch::nn::TransformerEncoderLayer(layer_opts), config.enc_layers);
    encoder = register_module("Transformer Encoder", torch::nn::TransformerEncoder(encoder_opts));

    // Linear layers = Dense layers without activation
    switch (model_type) {
        case ModelType::SED:
            head = register_module("SED", torch::nn::Linear(config.embed_dim, config.se_count));
            break;
        case ModelType::DOA:
            head = register_module("DOAE", torch::nn::Linear(config.embed_dim, config.se_count * 2 * config.track_count));
            break;
    };
}

torch::Tensor M2M_ASTImpl::forward(torch::Tensor input) {
    int64_t batch_size = input.size(0);

    torch::Tensor patches = patch_embed->forward(input);
    torch::Tensor expanded_cls = cls_tokens.expand({ batch_size, -1, -1 });

    input = torch::cat({ expanded_cls, patches }, 1);
    input = input + pos_embed;
    input = input.transpose(0, 1);
    input = encoder->forward(input);
    input = input.transpose(0, 1);

    torch::Tensor output_tokens = input.slice(1, 0, t_prime);

	// SED head uses sigmoid for multi-label classification, DOAE head uses tanh for regression; activation
    switch (model_type) {
        case ModelType::SED:
            return torch::sigmoid(head->forward(output_tokens));
        case ModelType::DOA:
            return torch::tanh(head->forward(output_tokens));
	};
    return output_tokens;
}

torch::Tensor M2M_ASTImpl::loss(torch::Tensor& prediction,
                    torch::Tensor& sed_target,
                    torch::Tensor& doa_target) const {
    // Predictions do not have the channel dimension, squeeze it out.
    torch::Tensor s_target = sed_target.squeeze(1);
	if (model_type == ModelType::SED) {
        // keep log(p) and log(1 - p) inside the BCE finite
        torch::Tensor p = prediction.clamp(1e-7, 1.0 - 1e-7);
        return torch::nn::functional::binary_cross_entropy(p, s_target);
    }
    // DOA loss calculation otherwise
    torch::Tensor d_target = doa_target.squeeze(1);
    torch::Tensor active_mask = (s_target > 0.5).to(torch::kFloat16);
    // Expand mask to match (x, y) per class, then per track: [B, T', Cl] -> [B, T', tracks * Cl * 2]
    active_mask = active_mask.repeat_interleave(2, /*dim=*/-1).repeat({ 1, 1, track_count });
    auto mse_opts = torch::nn::functional::MSELossFuncOptions().reduction(torch::kNone);
    torch::Tensor raw_mse = torch::nn::functional::mse_loss(prediction, d_target, mse_opts);
    return (raw_mse * active_mask).sum() / (active_mask.sum() + 1e-8);
}

void M2M_ASTImpl::adjust_learning_rate(float epoch, float total_epochs, float warmup_epochs, float target_lr) const {
    if (this->optimizer == nullptr) {
        return;
    }
    double new_lr = 0.0;
    // Linear warmup for the first 'warmup_epochs', then cosine annealing for the rest of the training
    if (epoch < warmup_epochs) {
        // Phase 1: Linear Warmup (0 -> target_lr)
        new_lr = target_lr * ((epoch + 1) / warmup_epochs);
    } else {
        // Phase 2: Cosine Annealing (target_lr -> 0)
        double progress = static_cast<double>(epoch - warmup_epochs) / (total_epochs - warmup_epochs);
        new_lr = 0.5 * target_lr * (1.0 + std::cos(M_PI * progress));
    }
    // Update the learning rate for all parameter groups in the optimizer
    for (auto& param_group : this->optimizer->param_groups()) {
        if (param_group.has_options()) {
            static_cast<torch::optim::AdamWOptions&>(param_group.options()).set_lr(new_lr);
        }
    }
}

std::tuple<float, float> M2M_ASTImpl::batch_train(
    const SystemConfig& config,
    DatasetProcessor* sed_featureset,
    DatasetProcessor* doa_featureset,
    DatasetProcessor* sed_labelset,
    DatasetProcessor* doa_labelset) {
    torch::Tensor x_in;
    torch::Tensor sed_target;
    torch::Tensor doa_target;
    int train_batch = static_cast<int>((config.batch_amount * 4) / 5);
    int val_batch   = static_cast<int>(config.batch_amount - train_batch);
    float total_train_loss = 0.0F;
    float total_val_loss = 0.0F;

    auto fetch_batch = [&]() {
        if (this->model_type == ModelType::SED) {
            x_in = sed_featureset->batch().to(this->device_);
            sed_target = sed_labelset->batch().to(this->device_);
        } else {
            x_in = doa_featureset->batch().to(this->device_);
            doa_target = doa_labelset->batch().to(this->device_);
            sed_target = sed_labelset->batch().to(this->device_);
        }
    };
    this->train();
    // Training loop per epoch
    for (int batch_idx = 0; batch_idx < train_batch && config.on.load(); ++batch_idx) {
        fetch_batch();

        this->optimizer->zero_grad();
        torch::Tensor prediction = this->forward(x_in);
        torch::Tensor loss = this->loss(prediction, sed_target, doa_target);
        loss.backward();
        // Gradient clipping to prevent exploding gradients
        torch::nn::utils::clip_grad_norm_(this->parameters(), /*max_norm=*/1.0);
        this->optimizer->step();

        total_train_loss += loss.to(torch::kFloat32).item<float>();
    }

    // Validation loop per epoch
    this->eval();
    {
        torch::NoGradGuard no_grad;
        for (int i = 0; i < val_batch && config.on.load(); ++i) {
            fetch_batch();

            torch::Tensor val_prediction = this->forward(x_in);
            torch::Tensor val_loss = this->loss(val_prediction, sed_target, doa_target);
            total_val_loss += val_loss.to(torch::kFloat32).item<float>();
        }
    }

    if (sed_featureset) sed_featureset->read_reset();
    if (doa_featureset) doa_featureset->read_reset();
    sed_labelset->read_reset();
    if (doa_labelset) doa_labelset->read_reset();
    // Return average training loss and validation loss for the epoch
    return {
        total_train_loss / static_cast<float>(train_batch),
        total_val_loss / static_cast<float>(val_batch)
    };
}

torch::Tensor M2M_ASTImpl::inference(torch::Tensor x_in) {
    torch::NoGradGuard no_grad;
    this->eval();
    return this->forward(x_in.to(this->device_)).to(torch::kCPU);
}

void M2M_ASTImpl::init() {
    torch::NoGradGuard no_grad;
    torch::nn::init::normal_(this->cls_tokens, 0.0, 0.02);
    this->cls_tokens.clamp_(-0.04, 0.04);

    torch::nn::init::normal_(this->pos_embed, 0.0, 0.02);
    this->pos_embed.clamp_(-0.04, 0.04);
    // Initialize whatever head was registered
    if (this->head) {
        torch::nn::init::normal_(this->head->weight, 0.0, 0.02);
        this->head->weight.clamp_(-0.04, 0.04);
        torch::nn::init::constant_(this->head->bias, 0.0);
    }

    // Move model to GPU if available
    if (torch::cuda::is_available()) {
        std::cout << "CUDA is available. Moving model to GPU." << '\n';
        this->device_ = torch::Device(torch::kCUDA);
        this->to(this->device_, torch::kFloat32);
        // Explicitly set 4D weights (Convolution) to ChannelsLast (NHWC)
        for (auto& param : this->parameters()) {
            if (param.dim() == 4) {
                param.set_data(param.data().contiguous(torch::MemoryFormat::ChannelsLast));
            }
        }
    }
    else {
        std::cout << "CUDA is not available. Running on CPU." << '\n';
        this->device_ = torch::Device(torch::kCPU);
        this->to(this->device_);
    }
}
