#include <torch/torch.h>

#include <iostream>
#include <unordered_map>
#include <vector>

#include "corpus.h"
#include "tiny_lm.h"

// Main function
int main()
{
    torch::manual_seed(0);
    torch::set_num_threads(1);

    // Corpus and parameters
    std::vector<std::string> corpus = make_corpus();

    int sequence_length = 3;
    int embedding_dim = 10;
    int hidden_dim = 20;
    int epochs = 200;
    double learning_rate = 0.01;

    // Build vocabulary and dataset
    auto word_to_idx = build_vocab(corpus);
    auto idx_to_word = [&word_to_idx]()
    {
        std::unordered_map<int, std::string> idx_to_word;
        for (const auto &pair : word_to_idx)
        {
            idx_to_word[pair.second] = pair.first;
        }
        return idx_to_word;
    }();
    auto dataset = create_dataset(corpus, word_to_idx, sequence_length);

    // Define the model
    int vocab_size = word_to_idx.size();
    TinyLanguageModel model(vocab_size, embedding_dim, hidden_dim);
    model.to(torch::kCPU);

    // Loss and optimizer
    auto criterion = torch::nn::CrossEntropyLoss();
    torch::optim::Adam optimizer(model.parameters(), torch::optim::AdamOptions(learning_rate));

    // Training loop
    double total_loss = 0.0;
    for (int epoch = 0; epoch < epochs; ++epoch)
    {
        total_loss = 0.0;
        for (const auto &[x, y] : dataset)
        {
            auto inputs = torch::tensor(x, torch::dtype(torch::kLong)).unsqueeze(0); // Batch size = 1
            auto target = torch::tensor(y, torch::dtype(torch::kLong));

            optimizer.zero_grad();
            auto output = model.forward(inputs);
            auto loss = criterion(output, target.unsqueeze(0));
            loss.backward();
            optimizer.step();

            total_loss += loss.item<double>();
        }
        if ((epoch + 1) % 20 == 0)
        {
            std::cout << "Epoch " << epoch + 1 << "/" << epochs << ", Loss: " << total_loss << std::endl;
        }
    }

    // Test the model
    std::vector<std::string> test_input = {"the", "sky", "is"};
    std::vector<int> test_encoded;
    for (const auto &word : test_input)
    {
        test_encoded.push_back(word_to_idx[word]);
    }

    auto test_tensor = torch::tensor(test_encoded, torch::dtype(torch::kLong)).unsqueeze(0);
    auto output = model.forward(test_tensor);
    int predicted_idx = output.argmax(1).item<int>();

    std::cout << "Input: ";
    for (const auto &word : test_input)
    {
        std::cout << word << " ";
    }
    std::cout << "\nPredicted next word: " << idx_to_word.at(predicted_idx) << std::endl;

    std::cout << "final loss: " << total_loss / dataset.size() << std::endl;
    return 0;
}
