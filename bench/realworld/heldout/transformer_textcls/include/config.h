#pragma once

#include <cstdint>
#include <string>

// Model and training configuration for the transformer text classifier.
struct ModelConfig {
    int64_t vocab_size = 32000;
    int64_t max_len = 128;
    int64_t d_model = 256;
    int64_t num_heads = 8;
    int64_t ffn_dim = 1024;
    int64_t num_layers = 4;
    int64_t num_classes = 4;
    double dropout = 0.1;
};

struct TrainConfig {
    int64_t batch_size = 32;
    int64_t epochs = 5;
    int64_t accumulation_steps = 4;
    double learning_rate = 3e-4;
    double weight_decay = 0.01;
    double max_grad_norm = 1.0;
    std::string data_dir = "data/ag_news";
};
