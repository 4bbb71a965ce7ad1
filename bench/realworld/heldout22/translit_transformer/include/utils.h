#pragma once

#include <torch/torch.h>

#include <string>
#include <tuple>
#include <vector>

torch::Device get_device();

// Boolean masks (true = blocked) for the encoder self-attention, the decoder
// self-attention (look-ahead + padding) and the decoder cross-attention.
std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> create_masks(
    const std::vector<std::string>& src_batch, const std::vector<std::string>& trg_batch,
    int64_t max_sequence_length);

torch::Tensor scaled_dot_product(torch::Tensor q, torch::Tensor k, torch::Tensor v,
                                 torch::Tensor mask = torch::Tensor());
