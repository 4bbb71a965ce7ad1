#pragma once

#include <torch/torch.h>

#include <string>

struct NetImpl : torch::nn::Module {
    NetImpl();
    torch::Tensor forward(torch::Tensor x);

    torch::nn::Linear inputLayer{nullptr};
    torch::nn::Linear hiddenLayer1{nullptr};
    torch::nn::Linear hiddenLayer2{nullptr};
    torch::nn::Linear hiddenLayer3{nullptr};
};

class CSVDataset : public torch::data::datasets::Dataset<CSVDataset> {
public:
    CSVDataset(const std::string& filename, int features, int labels);

    torch::data::Example<> get(size_t index) override;
    torch::optional<size_t> size() const override;

private:
    std::string filename;
    int features;
    int labels;
};

class TrainingManager {
public:
    static float trainModel(std::string inputFile, std::string outputFile, int epochs);
};
