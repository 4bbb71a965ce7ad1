#ifndef datautils
#define datautils

#include<torch/torch.h>
#include<map>
#include<string>
#include<utility>
#include<vector>

// Function to return vocabulary
std::map<std::string, int32_t> create_vocab(
    std::vector<std::string> corpus);

// Function to return an embedding matrix of word vectors
torch::Tensor get_embedding_matrix(
    std::map<std::string, int32_t> dictionary,
    const int32_t kEmbedDim);

// Function to return tensor of indices
torch::Tensor get_indices(
    std::string sentence,
    std::map<std::string, int32_t> dictionary, int32_t kMaxLen);

std::pair<torch::Tensor, torch::Tensor> get_loader(
    std::map<std::string, int32_t> &dictionary,
    std::vector<std::string> &sentences,
    std::vector<int32_t> &labels,
    int32_t kMaxLen,
    int32_t kBatchSize);

#endif  /* datautils.h */
