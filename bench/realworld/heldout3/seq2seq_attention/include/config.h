#pragma once

#include <cstdint>

// Hyper-parameters of the Bahdanau encoder-decoder, one nested block per part.
struct Seq2SeqOptions {
    struct Encoder {
        int64_t vocab_size = 32;
        int64_t embed_size = 32;
        int64_t num_hiddens = 64;
        int64_t num_layers = 2;
    };
    struct Decoder {
        int64_t vocab_size = 32;
        int64_t embed_size = 30;
        int64_t num_hiddens = 64;
        int64_t num_layers = 2;
    };

    Encoder encoder;
    Decoder decoder;
    int64_t attention_hiddens = 100;
    double dropout = 0.1;
};

struct TrainOptions {
    int64_t batch_size = 64;
    int64_t num_steps = 12;  // maximum sequence length, padded
    int64_t num_epochs = 15;
    double lr = 0.005;
};

// special tokens of both vocabularies
constexpr int64_t kPad = 0;
constexpr int64_t kBos = 1;
constexpr int64_t kEos = 2;
