#pragma once

#ifndef UTILS_HPP
#define UTILS_HPP

#include <torch/torch.h>

#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace utils
{
    struct ModelArgs {
        enum ModelType { DATASET_MODEL, IMAGE_LABEL_MODEL, BOTH };
        enum NeuralNetType { CNN, CONVNEXT };

        ModelType model_type = BOTH;
        NeuralNetType net_type = CNN;
        bool binary_mode = true;
        std::string save_path = "model.pt";
        int64_t num_digits = 1200;
        int64_t num_pets = 800;
        int64_t image_size = 32;
    };

    ModelArgs parseArguments(int argc, char* argv[]);

    int64_t get_num_parameters(torch::nn::Module &model);

    torch::Tensor compute_class_weights(const std::vector<int>& labels);

    std::tuple<float, float, float> compute_batch_metrics_binary(const std::vector<int>& targets, const std::vector<int>& preds);

    // index split of a labelled set: train images, test images, train labels, test labels
    std::tuple<torch::Tensor, torch::Tensor, std::shared_ptr<std::vector<int>>, std::shared_ptr<std::vector<int>>>
    train_test_split(const torch::Tensor& images, std::shared_ptr<std::vector<int>> labels, float test_size, uint64_t seed);

    class MetricsAccumulator {
    public:
        void reset();
        void add(const std::vector<int>& targets, const std::vector<int>& preds);
        std::tuple<float, float, float> compute() const;
    private:
        std::vector<int> all_targets;
        std::vector<int> all_preds;
    };
} // namespace utils

#endif // UTILS_HPP
