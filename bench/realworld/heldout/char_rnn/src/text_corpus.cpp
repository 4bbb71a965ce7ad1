#include "text_corpus.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

TextCorpus::TextCorpus(const std::string& path) {
    std::ifstream file(path);
    if (!file) {
        throw std::runtime_error("could not open " + path);
    }
    std::stringstream buffer;
    buffer << file.rdbuf();
    const std::string text = buffer.str();

    std::vector<int64_t> encoded;
    encoded.reserve(text.size());
    for (char c : text) {
        auto it = char_to_id_.find(c);
        if (it == char_to_id_.end()) {
            it = char_to_id_.emplace(c, static_cast<int64_t>(id_to_char_.size())).first;
            id_to_char_.push_back(c);
        }
        encoded.push_back(it->second);
    }
    ids_ = torch::tensor(encoded, torch::kInt64);
}

std::pair<torch::Tensor, torch::Tensor> TextCorpus::random_batch(int64_t batch_size, int64_t seq_len) const {
    auto starts = torch::randint(0, ids_.size(0) - seq_len - 1, {batch_size}, torch::kInt64);
    std::vector<torch::Tensor> inputs, targets;
    for (int64_t i = 0; i < batch_size; ++i) {
        const auto s = starts[i].item<int64_t>();
        inputs.push_back(ids_.slice(0, s, s + seq_len));
        targets.push_back(ids_.slice(0, s + 1, s + seq_len + 1));
    }
    return {torch::stack(inputs), torch::stack(targets)};
}

std::string TextCorpus::decode(const std::vector<int64_t>& ids) const {
    std::string out;
    for (auto id : ids) {
        out.push_back(id_to_char_.at(static_cast<size_t>(id)));
    }
    return out;
}
