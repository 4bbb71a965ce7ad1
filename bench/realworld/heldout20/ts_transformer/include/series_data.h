#pragma once

#include <torch/torch.h>

struct SeriesBatchSet
{
    torch::Tensor src;      // [N, src_len, input_dim]
    torch::Tensor valid;    // [N, src_len] bool
    torch::Tensor tgt_in;   // [N, pred_len, 1]: last observed value, then the targets shifted by one
    torch::Tensor target;   // [N, pred_len, 1]
};

// Noisy seasonal series with a trend; short series are left-padded with zeros.
SeriesBatchSet make_series(int64_t count, int64_t src_len, int64_t pred_len, uint64_t seed);
