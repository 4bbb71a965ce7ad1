#pragma once

#include <torch/torch.h>

#include "config.h"
#include "seq2seq.h"

// Padded source/target pairs with their valid lengths (target includes <eos>).
struct NmtData {
    torch::Tensor src;
    torch::Tensor src_valid_len;
    torch::Tensor tgt;
    torch::Tensor tgt_valid_len;
};

// A toy "translation": the target is the source reversed, each token mapped to another word.
NmtData make_reversal_pairs(int64_t count, int64_t vocab_size, int64_t num_steps, uint64_t seed);

double train_seq2seq(Seq2Seq& net, const NmtData& data, const TrainOptions& opts, torch::Device device);
double evaluate_seq2seq(Seq2Seq& net, const NmtData& data, torch::Device device);
