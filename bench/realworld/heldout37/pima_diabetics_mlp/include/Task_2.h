// Add Header files !!!

#pragma once

#include <iostream>
#include "torch/torch.h"
#include <fstream>
#include <sstream>
#include <vector>
#include <string>
#include <tuple>
#include <utility>
#include "ModelClass.h"

// Synthetic stand-in for the Pima Indians diabetes CSV (768 rows, 8 features + outcome).
std::vector<std::vector<float>> readCSV(const std::string& filename);
std::tuple <torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor> TrainTestSplit(torch::Tensor X, torch::Tensor y);
std::vector<float> TrainingFunction(PimaDiabetics& model, torch::Tensor X_train, torch::Tensor y_train, torch::nn::BCELoss loss_fn, torch::optim::Adam& optimizer, int batch_size);
void TestingFunction(PimaDiabetics& model, torch::Tensor X_test, torch::Tensor y_test, torch::nn::BCELoss loss_fn);
std::pair<torch::Tensor, torch::Tensor> AddNoise(torch::Tensor X_train, torch::Tensor y_train);
