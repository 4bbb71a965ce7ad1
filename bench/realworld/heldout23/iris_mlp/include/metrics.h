#pragma once

#include <torch/torch.h>

#include <utility>

#include "dataset.h"
#include "net.h"

// {150, 4} features and {150} labels from the data set's columns.
std::pair<torch::Tensor, torch::Tensor> to_tensors(DataSet& data_set);

// Fraction of rows whose arg-max class is the label.
double accuracy(Net& net, const torch::Tensor& input, const torch::Tensor& target);
