#include "csv_reader.h"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

std::pair<torch::Tensor, torch::Tensor> read_csv(const std::string& path) {
    std::ifstream in(path);
    if (!in.is_open()) {
        throw std::runtime_error("Cannot open " + path);
    }

    std::string line;
    std::getline(in, line);  // header

    std::vector<float> values;
    int64_t rows = 0;
    int64_t cols = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::stringstream ss(line);
        std::string cell;
        int64_t c = 0;
        while (std::getline(ss, cell, ',')) {
            values.push_back(std::stof(cell));
            ++c;
        }
        cols = c;
        ++rows;
    }

    auto table = torch::from_blob(values.data(), {rows, cols}, torch::kFloat32).clone();
    auto features = table.slice(1, 0, cols - 1);
    auto targets = table.slice(1, cols - 1, cols);
    return {features.contiguous(), targets.contiguous()};
}

std::pair<torch::Tensor, torch::Tensor> standardize(torch::Tensor& features) {
    auto mean = features.mean(0, /*keepdim=*/true);
    auto std = features.std(0, /*unbiased=*/true, /*keepdim=*/true).clamp_min(1e-6);
    features = (features - mean) / std;
    return {mean, std};
}
