#include <iostream>

#include <torch/torch.h>

#include "dataset.hpp"
#include "network_loader.hpp"
#include "params.hpp"
#include "report.hpp"

int main()
{
    torch::manual_seed(21);

    auto data = make_dataset(512, Params::qd::gen_dim, Params::sim::trajectory_length,
                             Params::random::max_num_random, 21);
    auto test = make_dataset(128, Params::qd::gen_dim, Params::sim::trajectory_length,
                             Params::random::max_num_random, 22);

    NetworkLoaderAutoEncoder<Params> loader;

    float before = loader.get_avg_recon_loss(test.phen, test.traj, test.is_trajectory);
    loader.training(data.phen, data.traj, data.is_trajectory, /*full_train=*/false);
    float after = loader.get_avg_recon_loss(test.phen, test.traj, test.is_trajectory);

    std::cout << "optimizer steps: " << loader.get_epochs_trained() << std::endl;
    double alignment = latent_gene_alignment(loader.latent_means(test.phen), test.phen);
    print_summary(loader.last_loss(), before, after, alignment);
    return 0;
}
