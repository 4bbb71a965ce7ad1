#include "utils.hpp"

#include <algorithm>
#include <iostream>
#include <limits>
#include <numeric>
#include <random>
#include <unordered_map>

namespace utils
{
    int64_t get_num_parameters(torch::nn::Module &model){
        int64_t total_params = 0;
        for(const auto &parameters: model.parameters()){
            total_params+=parameters.numel();
        }
        return total_params;
    }

    torch::Tensor compute_class_weights(const std::vector<int>& labels) {
        if (labels.empty()) {
            throw std::runtime_error("Label vector is empty.");
        }

        std::unordered_map<int, int> class_counts;
        int total_samples = labels.size();

        // Count number of samples per class
        for (int label : labels) {
            class_counts[label]++;
        }

        int min_label = std::numeric_limits<int>::max();
        int max_label = std::numeric_limits<int>::min();
        for (const auto& pair : class_counts) {
            min_label = std::min(min_label, pair.first);
            max_label = std::max(max_label, pair.first);
        }

        int num_classes = max_label - min_label + 1;
        std::vector<float> weights(num_classes, 0.0f);

        // Compute balanced class weights
        for (const auto& [class_label, count] : class_counts) {
            float weight = static_cast<float>(total_samples) / (class_counts.size() * count);
            weights[class_label - min_label] = weight;
        }

        return torch::tensor(weights);
    }

    std::tuple<float, float, float> compute_batch_metrics_binary(const std::vector<int>& targets, const std::vector<int>& preds) {
        int64_t tp = 0, fp = 0, fn = 0;
        for (size_t i = 0; i < preds.size(); ++i) {
            bool p = preds[i] == 1;
            bool t = targets[i] == 1;

            if (p && t) tp++;
            else if (p && !t) fp++;
            else if (!p && t) fn++;
        }

        float precision = tp / float(tp + fp + 1e-6);
        float recall = tp / float(tp + fn + 1e-6);
        float f1 = 2 * precision * recall / (precision + recall + 1e-6);

        return std::make_tuple(precision, recall, f1);
    }

    void MetricsAccumulator::reset() {
        all_targets.clear();
        all_preds.clear();
    }

    void MetricsAccumulator::add(const std::vector<int>& targets, const std::vector<int>& preds) {
        all_targets.insert(all_targets.end(), targets.begin(), targets.end());
        all_preds.insert(all_preds.end(), preds.begin(), preds.end());
    }

    std::tuple<float, float, float> MetricsAccumulator::compute() const {
        return compute_batch_metrics_binary(all_targets, all_preds);
    }

    std::tuple<torch::Tensor, torch::Tensor, std::shared_ptr<std::vector<int>>, std::shared_ptr<std::vector<int>>>
    train_test_split(const torch::Tensor& images, std::shared_ptr<std::vector<int>> labels, float test_size, uint64_t seed)
    {
        if (images.size(0) != (int64_t)labels->size()) {
            throw std::invalid_argument("images and labels must have the same size.");
        }

        size_t total_size = labels->size();
        size_t test_count = static_cast<size_t>(total_size * test_size);
        std::vector<int64_t> indices(total_size);
        std::iota(indices.begin(), indices.end(), 0);

        std::mt19937 gen(seed);
        std::shuffle(indices.begin(), indices.end(), gen);

        auto train_labels = std::make_shared<std::vector<int>>();
        auto test_labels = std::make_shared<std::vector<int>>();
        std::vector<int64_t> train_idx, test_idx;

        for (size_t i = 0; i < total_size; ++i) {
            int64_t idx = indices[i];
            if (i < test_count) {
                test_idx.push_back(idx);
                test_labels->push_back((*labels)[idx]);
            } else {
                train_idx.push_back(idx);
                train_labels->push_back((*labels)[idx]);
            }
        }

        auto train_images = images.index_select(0, torch::tensor(train_idx));
        auto test_images = images.index_select(0, torch::tensor(test_idx));
        return {train_images, test_images, train_labels, test_labels};
    }

    ModelArgs parseArguments(int argc, char* argv[]) {
        ModelArgs args;
        args.binary_mode = true;                // Default to binary mode

        for (int i = 1; i < argc; i++) {
            std::string arg = argv[i];
            if (arg == "dataset") {
                args.model_type = ModelArgs::DATASET_MODEL;
            } else if (arg == "image") {
                args.model_type = ModelArgs::IMAGE_LABEL_MODEL;
            } else if (arg == "--binary") {
                args.binary_mode = true;
            } else if (arg.substr(0, 6) == "--net=") {
                std::string net_type = arg.substr(6);
                if (net_type == "cnn") {
                    args.net_type = ModelArgs::CNN;
                } else if (net_type == "convnext") {
                    args.net_type = ModelArgs::CONVNEXT;
                } else {
                    std::cerr << "Warning: Unknown network type '" << net_type << "'. Using default." << std::endl;
                }
            } else if (arg.rfind("--digits=", 0) == 0) {
                args.num_digits = std::stoll(arg.substr(9));
            } else if (arg.rfind("--pets=", 0) == 0) {
                args.num_pets = std::stoll(arg.substr(7));
            } else if (arg.rfind("--image-size=", 0) == 0) {
                args.image_size = std::stoll(arg.substr(13));
            } else if (arg.rfind("--save=", 0) == 0) {
                args.save_path = arg.substr(7);
            } else {
                std::cerr << "Usage: " << argv[0] << " [dataset|image] [--net=cnn|convnext] [--binary]"
                          << " [--digits=N] [--pets=N] [--image-size=S] [--save=PATH]" << std::endl;
                exit(1);
            }
        }
        return args;
    }
} // namespace utils
