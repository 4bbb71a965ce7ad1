#pragma once
#include <torch/torch.h>

#include <cstdint>
#include <vector>

#include "asr_data.h"
#include "conformer_encoder.h"

// One pass over the batches with a linear warm-up of the learning rate; returns the mean CTC loss.
double train_epoch(ConformerCTC &model, torch::optim::AdamW &optimizer, const std::vector<Batch> &batches,
                   torch::Device device, int64_t &global_step, double peak_lr, int64_t warmup_steps);

// Greedy CTC decoding; edit distance over the reference phones.
double phone_error_rate(ConformerCTC &model, const std::vector<Batch> &batches, torch::Device device);
