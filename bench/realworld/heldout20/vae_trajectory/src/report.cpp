#include "report.hpp"

#include <algorithm>
#include <iostream>

double latent_gene_alignment(const torch::Tensor &latent, const torch::Tensor &phen)
{
    auto zc = latent - latent.mean(0, true);
    auto pc = phen - phen.mean(0, true);
    auto cov = torch::matmul(zc.t(), pc) / latent.size(0);
    auto denom = torch::outer(zc.std(0, false), pc.std(0, false)) + 1e-8;
    auto corr = (cov / denom).abs();
    return std::get<0>(corr.max(0)).mean().item<double>();
}

void print_summary(float final_loss, float recon_before, float recon_after, double alignment)
{
    std::cout << "final loss: " << final_loss << std::endl;
    std::cout << "held-out trajectory reconstruction MSE: " << recon_before << " -> " << recon_after << std::endl;
    std::cout << "latent/gene |correlation| (best match per gene): " << alignment << std::endl;
}
