#pragma once
#include <cstdint>
#include <tahoma.h>

namespace tahoma::config {

    struct ModelConfig {
        int64_t src_vocab_size{ 0 };
        int64_t tgt_vocab_size{ 0 };
        int64_t model_dim{ 0 };
        int64_t ffn_dim{ 0 };
        int64_t attn_heads{ 0 };
        int64_t encoder_layers{ 0 };
        int64_t decoder_layers{ 0 };
        double dropout{ 0.1 };
    };

    struct TrainerConfig {
        int64_t epochs{ 1 };
        int64_t batch_size{ 32 };
        f32 clip_grad{ 5.0 };
        int64_t early_stopping{ 8 };
    };

    struct OptimizerConfig {
        f32 peak_lr{ 1e-3 };
        int32_t warmup_steps{ 50 };
    };

    struct Config {
        ModelConfig model;
        TrainerConfig trainer;
        OptimizerConfig optimizer;
        int64_t train_examples{ 0 };
        int64_t valid_examples{ 0 };
    };

    // the experiment's settings (the original reads them from a YAML file)
    auto load_config() -> Config;

} // namespace tahoma::config
