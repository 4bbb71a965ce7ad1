#pragma once

#include <torch/torch.h>

// Implicit-feedback interactions (user, item, clicked) drawn from a hidden low-rank model,
// split into a training and a test part.
struct InteractionData {
    torch::Tensor users;
    torch::Tensor items;
    torch::Tensor labels;
    torch::Tensor test_users;
    torch::Tensor test_items;
    torch::Tensor test_labels;
};

InteractionData make_synthetic_interactions(int64_t num_users, int64_t num_items, int64_t latent_dim,
                                            int64_t samples_per_user, uint64_t seed);
