#pragma once

#include <torch/torch.h>

#include <string>
#include <utility>

// Loads a numeric CSV file (header line skipped); the last column is the target.
std::pair<torch::Tensor, torch::Tensor> read_csv(const std::string& path);

// Standardises each feature column in place; returns (mean, std).
std::pair<torch::Tensor, torch::Tensor> standardize(torch::Tensor& features);
