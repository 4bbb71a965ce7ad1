#include "data/repr.h"

#include <iostream>

void print_sizes(const std::string &name, const torch::Tensor &x) {
    std::cout << name << ": " << x.sizes() << std::endl;
}

double accuracy(const torch::Tensor &probs, const torch::Tensor &labels) {
    return (probs.argmax(1) == labels).sum().item().toDouble() / static_cast<double>(labels.size(0));
}
