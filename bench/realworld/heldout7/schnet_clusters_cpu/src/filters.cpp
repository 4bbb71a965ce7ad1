#include "filters.h"

#include <cmath>

torch::Tensor ShiftedSoftplusImpl::forward(torch::Tensor x) {
  return torch::softplus(x) - std::log(2.0);
}

torch::nn::Sequential make_filter_net(int64_t num_gaussians, int64_t num_filters) {
  return torch::nn::Sequential(
      torch::nn::Linear(num_gaussians, num_filters),
      ShiftedSoftplus(),
      torch::nn::Linear(num_filters, num_filters));
}

torch::Tensor expand_distances(const torch::Tensor &dist, int64_t num_gaussians, double cutoff) {
  auto centres = torch::linspace(0.0, cutoff, num_gaussians, dist.options());
  const double spacing = cutoff / static_cast<double>(num_gaussians - 1);
  const double gamma = 0.5 / (spacing * spacing);
  return torch::exp(-gamma * (dist.unsqueeze(-1) - centres).pow(2));
}
