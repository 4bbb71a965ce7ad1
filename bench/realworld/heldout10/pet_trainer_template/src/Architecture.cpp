#include "Architecture.hpp"

namespace architecture
{
    torch::nn::Sequential make_binary_head(int in_features, int hidden, float dropout) {
        torch::nn::Sequential head;
        head->push_back(torch::nn::Linear(in_features, hidden));
        head->push_back(torch::nn::ReLU());
        head->push_back(torch::nn::Dropout(dropout));
        head->push_back(torch::nn::Linear(hidden, 1));
        head->push_back(torch::nn::Sigmoid());
        return head;
    }
} // namespace architecture
