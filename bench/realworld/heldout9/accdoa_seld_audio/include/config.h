#pragma once
#include <atomic>
#include <cstdint>
#include <cstddef>
#include <iostream>
#include <string>

// The model type doubles as the number of feature channels the model reads:
// SED reads the omni log-mel, DOA the log-mel plus four intensity channels.
enum ModelType : std::uint8_t {
	SED = 1,
	DOA = 5
};

enum class DatasetType : std::uint8_t {
	SED_FEATURES,
	DOA_FEATURES,
	SED_LABELS,
	DOA_LABELS
};

struct ConfigData {
    // 1. Controllable parameters
    size_t sample_rate;
    size_t fft_size;
    size_t mel_bins;
    size_t hop_length;
    double target_res;
    size_t batch_size;
    int64_t se_count;
    int64_t track_count;

    // 2. Training/Model parameters
    size_t epochs;
    size_t warmup_epochs;
    size_t batch_amount;
    size_t channels;
    int64_t time_window;
    int64_t patch_size;
    int64_t patch_overlap;
    int64_t enc_layers;
    int64_t att_headers;
    int64_t embed_dim;

    // 3. Calculated sequence variables
    int64_t conv_stride;
    int64_t t_prime;
    int64_t n_t;
    int64_t n_f;
    int64_t num_patches;
    int64_t total_seq;
	float learning_rate;
	float dropout;
	float weight_decay;
	float validation_threshold;
};

struct SystemConfig : public ConfigData {
    // Control flag (Not mapped in JSON)
    std::atomic<bool> on{ true };
};

// Reads the JSON signature into the config (here: the signature of the reference run),
// then computes the sequence variables from it.
void load_config(SystemConfig& config);
