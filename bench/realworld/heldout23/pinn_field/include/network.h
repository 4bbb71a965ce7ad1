#pragma once

#include <torch/torch.h>

#include "ai_config.h"

// The MLP field approximator: 3 coordinates in, one scalar field value out.
torch::nn::Sequential buildApproximator(const AiConfig& cfg);
