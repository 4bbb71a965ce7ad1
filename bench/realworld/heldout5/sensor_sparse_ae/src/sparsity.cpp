#include "sparsity.h"

torch::Tensor kl_sparsity(const torch::Tensor& code_activation, double rho) {
  auto rho_hat = code_activation.mean(0);
  auto active = rho * torch::log(rho / (rho_hat + 1e-8));
  auto inactive = (1 - rho) * torch::log((1 - rho) / (1 - rho_hat + 1e-8));
  return (active + inactive).sum();
}
