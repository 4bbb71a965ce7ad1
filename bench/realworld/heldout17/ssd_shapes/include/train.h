#pragma once
#include <torch/torch.h>

#include <tuple>
#include <vector>

#include "model.h"

std::tuple<torch::Tensor, std::vector<torch::Tensor>> collate_fn(
    std::vector<torch::data::Example<torch::Tensor, torch::Tensor>>& batch, torch::Device& device);

std::vector<float> train_model(Net& model, torch::Device& device, std::vector<torch::Tensor>& images,
                               std::vector<torch::Tensor>& targets, const torch::Tensor& anchors,
                               const int& num_epochs, const int& batch_size, const float& learning_rate,
                               const int& num_workers);

// Mean IoU of the most confident detection with its object, and the accuracy of its class.
std::pair<float, float> test_model(Net& model, torch::Device& device, const std::vector<torch::Tensor>& images,
                                   const std::vector<torch::Tensor>& targets, const torch::Tensor& anchors);
