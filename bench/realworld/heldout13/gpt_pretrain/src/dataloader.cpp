// dataloader.cpp
#include "dataloader.h"

#include <algorithm>
#include <random>

namespace ch2 {

std::vector<int64_t> make_token_stream(int64_t num_tokens, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int64_t> start_dist(0, kVocabSize - 2);
    std::uniform_int_distribution<int64_t> stride_dist(1, 3);
    std::uniform_int_distribution<int64_t> length_dist(6, 14);
    const int64_t full_stop = kVocabSize - 1;

    std::vector<int64_t> ids;
    ids.reserve(num_tokens);
    while (static_cast<int64_t>(ids.size()) < num_tokens) {
        int64_t tok = start_dist(rng);
        const int64_t stride = stride_dist(rng);
        const int64_t length = length_dist(rng);
        for (int64_t i = 0; i < length; ++i) {
            ids.push_back(tok);
            tok = (tok + stride) % (kVocabSize - 1);
        }
        ids.push_back(full_stop);
    }
    ids.resize(num_tokens);
    return ids;
}

std::vector<GPTBatch> create_dataloader_v1(const std::vector<int64_t>& token_ids,
                                           int64_t batch_size, int64_t max_length,
                                           int64_t stride, bool shuffle, bool drop_last) {
    auto all = torch::tensor(token_ids, torch::kLong);
    std::vector<torch::Tensor> inputs, targets;
    const int64_t n = static_cast<int64_t>(token_ids.size());
    for (int64_t i = 0; i + max_length < n; i += stride) {
        inputs.push_back(all.slice(0, i, i + max_length));
        targets.push_back(all.slice(0, i + 1, i + max_length + 1));
    }

    std::vector<int64_t> order(inputs.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int64_t>(i);
    if (shuffle) {
        auto perm = torch::randperm(static_cast<int64_t>(order.size()), torch::kLong);
        for (size_t i = 0; i < order.size(); ++i) order[i] = perm[i].item<int64_t>();
    }

    std::vector<GPTBatch> batches;
    for (size_t start = 0; start < order.size(); start += batch_size) {
        const size_t end = std::min(order.size(), start + static_cast<size_t>(batch_size));
        if (drop_last && end - start < static_cast<size_t>(batch_size)) break;
        std::vector<torch::Tensor> xs, ys;
        for (size_t j = start; j < end; ++j) {
            xs.push_back(inputs[order[j]]);
            ys.push_back(targets[order[j]]);
        }
        batches.push_back({torch::stack(xs), torch::stack(ys)});
    }
    return batches;
}

}  // namespace ch2
