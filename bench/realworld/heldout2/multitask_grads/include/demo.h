#pragma once

#include <torch/torch.h>

#include "multitask.h"

// Trains both heads and prints how much of the trunk's gradient each task contributes.
void run_demo(MultiTaskNet &net, torch::Device device, int64_t iterations);
