// Train a character-level GRU language model on a plain-text file and sample from it.
#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "char_rnn.h"
#include "text_corpus.h"

namespace {
const int64_t kEmbeddingDim = 50;
const int64_t kHiddenSize = 250;
const int64_t kNumLayers = 2;
const int64_t kSeqLength = 100;
const int64_t kBatchSize = 32;
const int64_t kStepsPerEpoch = 500;
const int64_t kEpochs = 20;
const double kLearningRate = 2e-3;
const double kGradClip = 5.0;
}  // namespace

std::string sample(CharRNN& model, const TextCorpus& corpus, int64_t length, torch::Device device) {
    torch::NoGradGuard no_grad;
    model.eval();
    auto hidden = model.init_hidden(1, device);
    auto token = torch::zeros({1, 1}, torch::TensorOptions().dtype(torch::kInt64).device(device));
    std::vector<int64_t> generated;
    for (int64_t i = 0; i < length; ++i) {
        auto out = model.forward(token, hidden);
        hidden = std::get<1>(out);
        auto probs = torch::softmax(std::get<0>(out).squeeze(), -1);
        auto next = probs.multinomial(1);
        generated.push_back(next.item<int64_t>());
        token = next.view({1, 1});
    }
    model.train();
    return corpus.decode(generated);
}

// Polish a trained model with plain SGD and truncated backpropagation through time.
void finetune(CharRNN& model, const TextCorpus& corpus, int64_t steps, torch::Device device) {
    torch::optim::SGD optimizer(model.parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
    auto hidden = model.init_hidden(kBatchSize, device);
    model.train();
    for (int64_t step = 1; step <= steps; ++step) {
        auto batch = corpus.random_batch(kBatchSize, kSeqLength);
        auto out = model.forward(batch.first.to(device), hidden.detach());
        hidden = std::get<1>(out);
        auto loss = torch::nn::functional::cross_entropy(std::get<0>(out).flatten(0, 1),
                                                         batch.second.to(device).flatten());
        loss.backward();
        optimizer.step();
        optimizer.zero_grad();
        if (step % 100 == 0) {
            std::cout << "finetune step " << step << " loss " << loss.item<double>() << '\n';
        }
    }
}

int main(int argc, char** argv) {
    const std::string path = argc > 1 ? argv[1] : "data/input.txt";
    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

    TextCorpus corpus(path);
    const int64_t vocab_size = corpus.vocab_size();
    std::cout << "corpus: " << corpus.ids().size(0) << " characters, vocabulary " << vocab_size << '\n';

    auto model = std::make_shared<CharRNN>(vocab_size, kEmbeddingDim, kHiddenSize, kNumLayers);
    model->to(device);

    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(kLearningRate));
    torch::optim::StepLR scheduler(optimizer, /*step_size=*/5, /*gamma=*/0.5);

    for (int64_t epoch = 1; epoch <= kEpochs; ++epoch) {
        double total_loss = 0.0;
        auto hidden = model->init_hidden(kBatchSize, device);

        for (int64_t step = 0; step < kStepsPerEpoch; ++step) {
            auto batch = corpus.random_batch(kBatchSize, kSeqLength);
            auto inputs = batch.first.to(device);
            auto targets = batch.second.to(device);

            model->zero_grad();
            hidden = hidden.detach();
            auto out = model->forward(inputs, hidden);
            hidden = std::get<1>(out);
            auto logits = std::get<0>(out);
            auto loss = torch::nn::functional::cross_entropy(logits.reshape({-1, vocab_size}),
                                                             targets.reshape({-1}));
            loss.backward();
            torch::nn::utils::clip_grad_norm_(model->parameters(), kGradClip);
            optimizer.step();

            total_loss += loss.item<double>();
        }
        scheduler.step();

        std::cout << "epoch " << epoch << " loss " << total_loss / kStepsPerEpoch << '\n';
        std::cout << sample(*model, corpus, 200, device) << "\n\n";
    }

    // Second stage: a short SGD run after Adam.
    finetune(*model, corpus, 1000, device);

    torch::save(model, "char_rnn.pt");
}
