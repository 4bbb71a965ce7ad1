#pragma once

#include <torch/torch.h>

#include <string>
#include <unordered_map>
#include <vector>

// Reads a text file and encodes it as character ids.
class TextCorpus {
 public:
    explicit TextCorpus(const std::string& path);

    int64_t vocab_size() const { return static_cast<int64_t>(id_to_char_.size()); }
    const torch::Tensor& ids() const { return ids_; }

    // A random batch of (input, target) windows, targets shifted by one character.
    std::pair<torch::Tensor, torch::Tensor> random_batch(int64_t batch_size, int64_t seq_len) const;

    std::string decode(const std::vector<int64_t>& ids) const;

 private:
    std::unordered_map<char, int64_t> char_to_id_;
    std::vector<char> id_to_char_;
    torch::Tensor ids_;
};
