#pragma once

#include <torch/torch.h>

#include <utility>

#include "model.h"
#include "text_data.h"

// One optimisation step on one batch (the block inside CppGPT.cpp's batch loop).
float trainStep(CppGPT& model, torch::optim::AdamW& adam, torch::data::Example<>& batch, torch::DeviceType device);

// Mean cross-entropy and next-character accuracy over a held-out text.
std::pair<double, double> evaluate(CppGPT& model, const EncodedString& encoded, torch::DeviceType device);
