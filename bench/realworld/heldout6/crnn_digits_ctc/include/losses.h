#pragma once

#include <torch/torch.h>

// CTC loss of time-first logits [T, B, A] against padded targets [B, S] (blank = 0).
torch::Tensor ctc_sequence_loss(const torch::Tensor& logits, const torch::Tensor& targets,
                                const torch::Tensor& input_lengths,
                                const torch::Tensor& target_lengths);

// Mean entropy of the temperature-smoothed frame posteriors; subtracted from the loss
// (maximum-entropy regularisation of CTC) so that the network does not collapse onto
// blank too early.
torch::Tensor posterior_entropy(const torch::Tensor& logits);
