#include<torch/torch.h>
#include<ATen/CPUGeneratorImpl.h>
#include<algorithm>
#include<functional>
#include<iostream>
#include<sstream>
#include<string>
#include<vector>

#include "datautils.h"

// Compare function to sort vocabulary by frequency.
bool compare(const std::pair<std::string, int32_t> &a,
             const std::pair<std::string, int32_t> &b) {
    if (a.second != b.second)
        return a.second > b.second;
    return a.first < b.first;
}

// Function to return vocabulary
std::map<std::string, int32_t> create_vocab(
    std::vector<std::string> corpus) {
    //  Create a Map with words and frequencies
    std::map<std::string, int32_t> vocab;
    std::string word;

    for (size_t i = 0; i < corpus.size(); i++) {
        std::stringstream cursen(corpus[i]);
        while (cursen >> word) {
            auto index = vocab.find(word);
            if (index == vocab.end())
                vocab.insert(std::make_pair(word, 1));
            else
                index -> second += 1;
        }
    }

    // Copy map to vector to sort according to frequency.
    std::vector<std::pair<std::string, int32_t> > vocabcopy;
    for (auto itr = vocab.begin(); itr != vocab.end(); itr++)
        vocabcopy.push_back(std::make_pair(itr -> first, itr -> second));

    std::sort(vocabcopy.begin(), vocabcopy.end(), compare);

    std::map<std::string, int32_t> dictionary;

    // Add Padding index 0 to the dictionary map.
    dictionary.insert(std::make_pair("<PAD>", 0));

    for (size_t i = 0; i < vocabcopy.size(); i++) {
        dictionary.insert(std::make_pair(vocabcopy[i].first, i+1));
    }

    return dictionary;
}

// Word vectors drawn once per word from a generator seeded by the word,
// in place of the pretrained GloVe file.
torch::Tensor get_embedding_matrix(
    std::map<std::string, int32_t> dictionary,
    const int32_t kEmbedDim) {
    int numofwords = dictionary.size();
    torch::Tensor embedding_matrix = torch::zeros({numofwords, kEmbedDim});
    for (auto itr = dictionary.begin(); itr != dictionary.end(); itr++) {
        if (itr->first == "<PAD>") {
            continue;
        }
        auto gen = at::make_generator<at::CPUGeneratorImpl>(
            static_cast<uint64_t>(std::hash<std::string>{}(itr->first) % 1000003));
        embedding_matrix[itr->second] = at::normal(0.0, 0.1, {kEmbedDim}, gen);
    }
    return embedding_matrix;
}

// Function to return tensor of indices
torch::Tensor get_indices(
    std::string sentence,
    std::map<std::string, int32_t> dictionary, int32_t kMaxLen) {
    std::stringstream cursen(sentence);
    std::string word;

    // Initialize sentence with indices of 0's
    torch::Tensor embedding_indices = torch::zeros({kMaxLen});

    //  Calculate current sentence length
    int32_t sentence_length = sentence.length();

    int32_t startindex, endindex;

    if (sentence_length <= kMaxLen) {
        startindex = kMaxLen - sentence_length;
        endindex = sentence_length;
    } else {
        startindex = 0;
        endindex = kMaxLen;
    }

    //  Loop through each word in the sentence
    while ((cursen >> word) && (startindex < endindex)) {
        auto position = dictionary.find(word);
        if (position != dictionary.end())
            embedding_indices[startindex] = position -> second;
        startindex++;
    }
    return embedding_indices;
}

std::pair<torch::Tensor, torch::Tensor> get_loader(
    std::map<std::string, int32_t> &dictionary,
    std::vector<std::string> &sentences,
    std::vector<int32_t> &labels,
    int32_t kMaxLen,
    int32_t kBatchSize
    ) {
    int32_t datasize = sentences.size();

    torch::Tensor tensorindices = torch::zeros({datasize, kMaxLen});

    for (size_t i = 0; i < sentences.size(); i++)
        tensorindices[i] = get_indices(
                                    sentences[i],
                                    dictionary,
                                    kMaxLen);

    auto options = torch::TensorOptions().dtype(torch::kInt32);

    //  Convert vector of indices to Tensor
    auto tensorlabels = torch::from_blob(labels.data(), {datasize}, options).clone();
    return std::make_pair(tensorindices, tensorlabels);
}
