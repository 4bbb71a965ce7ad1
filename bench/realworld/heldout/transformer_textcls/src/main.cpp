// Transformer encoder text classifier (4 classes, e.g. AG News) on pre-tokenised tensors.
#include <torch/torch.h>

#include <iostream>
#include <vector>

#include "config.h"
#include "encoder.h"
#include "trainer.h"

namespace {

std::vector<Batch> make_batches(const torch::Tensor& tokens, const torch::Tensor& labels, int64_t batch_size,
                                bool shuffle) {
    const auto n = tokens.size(0);
    auto order = shuffle ? torch::randperm(n, torch::kInt64) : torch::arange(n, torch::kInt64);
    std::vector<Batch> batches;
    for (int64_t start = 0; start < n; start += batch_size) {
        auto idx = order.slice(0, start, std::min(start + batch_size, n));
        batches.emplace_back(tokens.index_select(0, idx), labels.index_select(0, idx));
    }
    return batches;
}

}  // namespace

int main() {
    ModelConfig model_cfg;
    TrainConfig train_cfg;

    torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);

    // tokens: (N, max_len) int64, labels: (N) int64, written by the Python preprocessing script
    torch::Tensor train_tokens, train_labels, test_tokens, test_labels;
    torch::load(train_tokens, train_cfg.data_dir + "/train_tokens.pt");
    torch::load(train_labels, train_cfg.data_dir + "/train_labels.pt");
    torch::load(test_tokens, train_cfg.data_dir + "/test_tokens.pt");
    torch::load(test_labels, train_cfg.data_dir + "/test_labels.pt");

    TextClassifier model(model_cfg);
    model->to(device);

    torch::optim::AdamW optimizer(
        model->parameters(),
        torch::optim::AdamWOptions(train_cfg.learning_rate).weight_decay(train_cfg.weight_decay));

    auto test_batches = make_batches(test_tokens, test_labels, train_cfg.batch_size, false);

    for (int64_t epoch = 1; epoch <= train_cfg.epochs; ++epoch) {
        auto train_batches = make_batches(train_tokens, train_labels, train_cfg.batch_size, true);
        const double loss = train_epoch(model, optimizer, train_batches, train_cfg, device);
        const double accuracy = evaluate(model, test_batches, device);
        std::cout << "epoch " << epoch << " | loss " << loss << " | test accuracy " << accuracy << std::endl;
    }

    torch::save(model, "text_classifier.pt");
}
