#include "asr_data.h"

#include <algorithm>
#include <numeric>

torch::Tensor make_phone_templates(uint64_t seed) {
    auto gen = at::detail::createCPUGenerator(seed);
    auto bins = torch::arange(kNumMels, torch::kFloat).view({1, kNumMels});
    auto c1 = torch::rand({kNumPhones, 1}, gen) * kNumMels;
    auto c2 = torch::rand({kNumPhones, 1}, gen) * kNumMels;
    auto w1 = torch::rand({kNumPhones, 1}, gen) * 3 + 1.5;
    auto w2 = torch::rand({kNumPhones, 1}, gen) * 3 + 1.5;
    auto a2 = torch::rand({kNumPhones, 1}, gen) * 0.8 + 0.4;
    return 1.5 * torch::exp(-(bins - c1).pow(2) / (2 * w1 * w1)) + a2 * torch::exp(-(bins - c2).pow(2) / (2 * w2 * w2));
}

std::vector<Utterance> make_corpus(int64_t count, uint64_t seed, const torch::Tensor &templates) {
    auto gen = at::detail::createCPUGenerator(seed);
    std::mt19937 rng(static_cast<unsigned>(seed) * 7919u + 1u);
    std::uniform_int_distribution<int> n_phones(3, 6), duration(8, 12), phone(0, kNumPhones - 1);
    auto bins = torch::arange(kNumMels, torch::kFloat) / kNumMels;

    std::vector<Utterance> corpus;
    for (int64_t u = 0; u < count; ++u) {
        Utterance utt;
        std::vector<torch::Tensor> segments;
        int last = -1;
        const int n = n_phones(rng);
        auto tilt = (torch::rand({1}, gen) - 0.5) * bins * 0.6;
        for (int k = 0; k < n; ++k) {
            int p = phone(rng);
            while (p == last) p = phone(rng);
            last = p;
            const int frames = duration(rng);
            auto amp = torch::rand({frames, 1}, gen) * 0.4 + 0.8;
            segments.push_back(templates[p].unsqueeze(0) * amp + tilt);
            utt.phones.push_back(p + 1);
        }
        auto clean = torch::cat(segments, 0);
        utt.features = clean + 0.3 * torch::randn(clean.sizes(), gen);
        corpus.push_back(std::move(utt));
    }
    return corpus;
}

std::vector<Batch> make_batches(const std::vector<Utterance> &corpus, int64_t batch_size, std::mt19937 *rng) {
    std::vector<size_t> order(corpus.size());
    std::iota(order.begin(), order.end(), 0);
    if (rng != nullptr) std::shuffle(order.begin(), order.end(), *rng);

    std::vector<Batch> batches;
    for (size_t start = 0; start + batch_size <= order.size(); start += batch_size) {
        int64_t max_frames = 0, max_phones = 0;
        for (int64_t b = 0; b < batch_size; ++b) {
            const auto &utt = corpus[order[start + b]];
            max_frames = std::max(max_frames, utt.features.size(0));
            max_phones = std::max<int64_t>(max_phones, static_cast<int64_t>(utt.phones.size()));
        }
        Batch batch;
        batch.features = torch::zeros({batch_size, max_frames, kNumMels});
        batch.feature_lengths = torch::zeros({batch_size}, torch::kLong);
        batch.targets = torch::zeros({batch_size, max_phones}, torch::kLong);
        batch.target_lengths = torch::zeros({batch_size}, torch::kLong);
        for (int64_t b = 0; b < batch_size; ++b) {
            const auto &utt = corpus[order[start + b]];
            const int64_t frames = utt.features.size(0);
            batch.features[b].slice(0, 0, frames).copy_(utt.features);
            batch.feature_lengths[b] = frames;
            batch.targets[b].slice(0, 0, static_cast<int64_t>(utt.phones.size()))
                .copy_(torch::tensor(utt.phones, torch::kLong));
            batch.target_lengths[b] = static_cast<int64_t>(utt.phones.size());
            batch.references.push_back(utt.phones);
        }
        batches.push_back(std::move(batch));
    }
    return batches;
}
