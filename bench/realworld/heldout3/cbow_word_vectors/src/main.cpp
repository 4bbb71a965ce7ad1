#include <iostream>
#include <string>

#include "cbow.h"
#include "embedding.h"

enum : int32_t {
    kWindowSize = 2,
    kEmbeddingDim = 100,
};

int main() {
    torch::manual_seed(3);
    const int64_t vocab_size = 1000;
    short window_size = kWindowSize, batch_size = 128;
    int64_t num_epochs = 3;
    float lr = 0.01f;

    const std::string device = torch::cuda::is_available() ? "cuda" : "cpu";
    Embedding<CBOW> model(vocab_size, window_size, kEmbeddingDim, lr, device);

    auto train_tokens = model.make_corpus(12000, 11);
    auto test_tokens = model.make_corpus(3000, 12);
    const double loss = model.fit(train_tokens, batch_size, num_epochs);
    const double accuracy = model.evaluate(test_tokens);

    std::cout << "vector of word 7: " << model[7].sizes() << "\n";
    std::cout << "final loss: " << loss << "\n";
    std::cout << "test accuracy: " << accuracy << std::endl;
    return 0;
}
