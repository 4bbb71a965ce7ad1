#pragma once

#include <torch/torch.h>

// Sum over code units of KL(rho || rho_hat), rho_hat the mean activation of the
// unit over the batch (Ng's sparse autoencoder penalty).
torch::Tensor kl_sparsity(const torch::Tensor& code_activation, double rho);
