#ifndef REPORT_HPP
#define REPORT_HPP

#include <torch/torch.h>

// |Pearson correlation| between each latent dimension and each gene, averaged
// over the best match per gene.
double latent_gene_alignment(const torch::Tensor &latent, const torch::Tensor &phen);

void print_summary(float final_loss, float recon_before, float recon_after, double alignment);

#endif
