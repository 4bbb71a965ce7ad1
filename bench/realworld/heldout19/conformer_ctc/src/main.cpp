#include <torch/torch.h>

#include <cstdio>
#include <random>
#include <vector>

#include "asr_data.h"
#include "conformer_encoder.h"
#include "train.h"

int main() {
    torch::manual_seed(0);
    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

    const int64_t kEncoderDim = 64;
    const int64_t kNumHeads = 4;
    const int64_t kBatchSize = 16;
    const int kEpochs = 12;

    auto templates = make_phone_templates(17);
    auto train_corpus = make_corpus(320, 1, templates);
    auto test_corpus = make_corpus(64, 2, templates);
    auto test_batches = make_batches(test_corpus, kBatchSize, nullptr);

    ConformerCTC model(kNumMels, kEncoderDim, kNumPhones + 1, /*num_layers=*/2, kNumHeads, /*conv_kernel_size=*/7);
    model->to(device);

    torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(1e-3).weight_decay(1e-2));

    const double per_before = phone_error_rate(model, test_batches, device);

    std::mt19937 rng(3);
    int64_t global_step = 0;
    double last_loss = 0.0;
    for (int epoch = 1; epoch <= kEpochs; ++epoch) {
        auto batches = make_batches(train_corpus, kBatchSize, &rng);
        last_loss = train_epoch(model, optimizer, batches, device, global_step, 2e-3, 40);
        if (epoch % 3 == 0) std::printf("epoch %d: mean CTC loss %.4f (step %ld)\n", epoch, last_loss, (long) global_step);
    }

    const double per_after = phone_error_rate(model, test_batches, device);
    std::printf("final loss: %.6f\n", last_loss);
    std::printf("test phone error rate (64 held-out utterances, greedy CTC): untrained %.4f -> trained %.4f\n",
                per_before, per_after);
    return 0;
}
