#include "train.h"

#include <algorithm>
#include <iostream>
#include <tuple>

namespace {
int64_t edit_distance(const std::vector<int64_t> &a, const std::vector<int64_t> &b) {
    std::vector<int64_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int64_t>(j);
    for (size_t i = 1; i <= a.size(); ++i) {
        int64_t diag = row[0];
        row[0] = static_cast<int64_t>(i);
        for (size_t j = 1; j <= b.size(); ++j) {
            int64_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}
}  // namespace

double train_epoch(ConformerCTC &model, torch::optim::AdamW &optimizer, const std::vector<Batch> &batches,
                   torch::Device device, int64_t &global_step, double peak_lr, int64_t warmup_steps) {
    model->train();
    double total = 0.0;
    int64_t count = 0;

    for (const auto &batch : batches) {
        auto features = batch.features.to(device);
        auto feature_lengths = batch.feature_lengths.to(device);
        auto targets = batch.targets.to(device);
        auto target_lengths = batch.target_lengths.to(device);

        double lr = peak_lr * std::min(1.0, static_cast<double>(global_step + 1) / static_cast<double>(warmup_steps));
        for (auto &group : optimizer.param_groups()) {
            static_cast<torch::optim::AdamWOptions &>(group.options()).lr(lr);
        }

        optimizer.zero_grad();
        torch::Tensor logits, output_lengths;
        std::tie(logits, output_lengths) = model->forward(features, feature_lengths);
        auto log_probs = logits.log_softmax(-1).transpose(0, 1);  // (T, B, C) for CTC
        auto loss = torch::ctc_loss(log_probs, targets, output_lengths, target_lengths, 0, at::Reduction::Mean, true);
        loss.backward();
        torch::nn::utils::clip_grad_norm_(model->parameters(), 5.0);
        optimizer.step();

        total += loss.item<double>();
        ++count;
        ++global_step;
    }
    return total / static_cast<double>(count);
}

double phone_error_rate(ConformerCTC &model, const std::vector<Batch> &batches, torch::Device device) {
    torch::NoGradGuard no_grad;
    model->eval();
    int64_t edits = 0, reference_phones = 0;
    for (const auto &batch : batches) {
        torch::Tensor logits, output_lengths;
        std::tie(logits, output_lengths) = model->forward(batch.features.to(device), batch.feature_lengths.to(device));
        auto best = logits.argmax(-1).to(torch::kCPU);
        auto lengths = output_lengths.to(torch::kCPU);
        for (int64_t b = 0; b < best.size(0); ++b) {
            std::vector<int64_t> hyp;
            int64_t previous = 0;
            const int64_t frames = lengths[b].item<int64_t>();
            for (int64_t t = 0; t < frames; ++t) {
                const int64_t c = best[b][t].item<int64_t>();
                if (c != 0 && c != previous) hyp.push_back(c);
                previous = c;
            }
            edits += edit_distance(hyp, batch.references[b]);
            reference_phones += static_cast<int64_t>(batch.references[b].size());
        }
    }
    model->train();
    return static_cast<double>(edits) / static_cast<double>(reference_phones);
}
