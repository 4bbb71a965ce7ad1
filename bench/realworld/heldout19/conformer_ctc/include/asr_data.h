#pragma once
#include <torch/torch.h>

#include <cstdint>
#include <random>
#include <vector>

constexpr int64_t kNumMels = 40;    // filterbank channels per frame
constexpr int64_t kNumPhones = 20;  // phone inventory; CTC class 0 is the blank, phone p is class p + 1

struct Utterance {
    torch::Tensor features;          // [frames, kNumMels]
    std::vector<int64_t> phones;     // classes 1..kNumPhones
};

struct Batch {
    torch::Tensor features;          // [B, max_frames, kNumMels], zero padded
    torch::Tensor feature_lengths;   // [B]
    torch::Tensor targets;           // [B, max_phones], zero padded
    torch::Tensor target_lengths;    // [B]
    std::vector<std::vector<int64_t>> references;
};

// One spectral shape per phone: two bumps over the filterbank.
torch::Tensor make_phone_templates(uint64_t seed);

// Utterances of 3 to 6 phones, 8 to 12 frames each, with a per-utterance spectral tilt and noise.
std::vector<Utterance> make_corpus(int64_t count, uint64_t seed, const torch::Tensor &templates);

// Batches in corpus order, or shuffled with rng when it is given.
std::vector<Batch> make_batches(const std::vector<Utterance> &corpus, int64_t batch_size, std::mt19937 *rng);
