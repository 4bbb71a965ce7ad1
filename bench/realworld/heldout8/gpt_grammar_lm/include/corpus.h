#pragma once

#include <torch/torch.h>

#include <string>

// Sentences of a small generated grammar ("the old cat sees a dog near the river.").
std::string make_corpus(int64_t sentences, uint64_t seed);
torch::Tensor encode(const std::string &text);
std::string decode(const torch::Tensor &ids);
// Random windows: inputs [B, T] and next-character targets [B, T].
std::pair<torch::Tensor, torch::Tensor> get_batch(const torch::Tensor &data, int64_t batch, int64_t length);
