// config.h
// Chapter 4: the GPT configuration (GPT_CONFIG_124M in the book).
#pragma once

#include <cstdint>

namespace ch4 {

struct GPTConfig {
    int64_t vocab_size = 50257;
    int64_t context_length = 1024;
    int64_t emb_dim = 768;
    int64_t n_heads = 12;
    int64_t n_layers = 12;
    double drop_rate = 0.1;
    bool qkv_bias = false;
};

}  // namespace ch4
