#ifndef loader
#define loader

#include<torch/torch.h>
#include<cstdint>
#include<string>
#include<utility>
#include<vector>

typedef std::pair<std::vector<std::string>,
std::vector<int32_t> > innerpair;

// Dataset of sentence indices and labels
struct CustomDataset : torch::data::Dataset<CustomDataset> {
    torch::Tensor indices_, labels_;

    CustomDataset(torch::Tensor indices, torch::Tensor labels)
        : indices_(std::move(indices)), labels_(std::move(labels)) {}

    torch::data::Example<> get(size_t index) override {
        return {indices_[index], labels_[index]};
    }

    torch::optional<size_t> size() const override {
        return indices_.size(0);
    }
};

// Function to preprocess text
std::string preprocess(std::string &s);

// Function to return sentences and labels of one split of the question corpus
innerpair load_trec(uint64_t split_seed, int32_t size);

#endif  /* loader.h */
