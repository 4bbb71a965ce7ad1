// Sentence classification on TREC (6 question types) with a convolutional network.
#include <torch/torch.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "model.h"
#include "train.h"

// Directory holding train.txt and test.txt
const std::string kDataPath = "../TREC/";

// Sentences are cut or zero-padded to this many tokens
const int32_t kMaxLen = 20;

// Width of the word vectors
const int32_t kEmbedDim = 300;

// TREC coarse question types
const int32_t kNumClasses = 6;

// Feature maps per filter size
const int32_t kNumFilters = 100;

const std::vector<int64_t> kFilterSizes{3, 4, 5};

const double kDropValue = 0.5;

// Sentences per batch
int32_t kBatchSize = 16;

// Passes over the training set
int32_t kNumOfEpochs = 10;

namespace {

// Each line: "LABEL:fine question words ..."; returns sentences and coarse label ids.
std::pair<std::vector<std::string>, std::vector<int64_t>> load_data(const std::string& file,
                                                                    std::map<std::string, int64_t>& labels) {
    std::ifstream in(kDataPath + file);
    std::vector<std::string> sentences;
    std::vector<int64_t> targets;
    std::string line;
    while (std::getline(in, line)) {
        auto colon = line.find(':');
        auto space = line.find(' ');
        if (colon == std::string::npos || space == std::string::npos) continue;
        auto label = line.substr(0, colon);
        auto it = labels.emplace(label, static_cast<int64_t>(labels.size())).first;
        targets.push_back(it->second);
        sentences.push_back(line.substr(space + 1));
    }
    return {sentences, targets};
}

std::map<std::string, int64_t> create_vocab(const std::vector<std::string>& corpus) {
    std::map<std::string, int64_t> vocab{{"<pad>", 0}, {"<unk>", 1}};
    for (const auto& sentence : corpus) {
        std::istringstream words(sentence);
        std::string word;
        while (words >> word) {
            vocab.emplace(word, static_cast<int64_t>(vocab.size()));
        }
    }
    return vocab;
}

Batches make_batches(const std::map<std::string, int64_t>& vocab, const std::vector<std::string>& corpus,
                     const std::vector<int64_t>& targets) {
    auto ids = torch::zeros({static_cast<int64_t>(corpus.size()), kMaxLen}, torch::kInt64);
    for (size_t i = 0; i < corpus.size(); ++i) {
        std::istringstream words(corpus[i]);
        std::string word;
        for (int64_t j = 0; j < kMaxLen && words >> word; ++j) {
            auto it = vocab.find(word);
            ids[i][j] = it == vocab.end() ? 1 : it->second;
        }
    }
    auto labels = torch::tensor(targets, torch::kInt64);

    Batches batches;
    for (int64_t start = 0; start < ids.size(0); start += kBatchSize) {
        const auto end = std::min<int64_t>(start + kBatchSize, ids.size(0));
        batches.push_back({ids.slice(0, start, end), labels.slice(0, start, end)});
    }
    return batches;
}

}  // namespace

int main(int argc, char** argv) {
    torch::manual_seed(1);

    std::map<std::string, int64_t> label_ids;
    auto train = load_data("train.txt", label_ids);
    auto test = load_data("test.txt", label_ids);
    std::cout << "Training data size: " << train.first.size() << ", test data size: " << test.first.size()
              << std::endl;

    auto vocab = create_vocab(train.first);
    auto train_batches = make_batches(vocab, train.first, train.second);
    auto test_batches = make_batches(vocab, test.first, test.second);

    const int64_t vocab_size = static_cast<int64_t>(vocab.size());

    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

    TextCNN model(vocab_size, kEmbedDim, kNumClasses, kNumFilters, kFilterSizes, kDropValue);
    model->to(device);

    train_model(kNumOfEpochs, model, train_batches, test_batches, device);
}
