#include <torch/torch.h>

#include <iostream>

#include "ai_config.h"
#include "network.h"
#include "sdf_field.h"
#include "training.h"

using namespace torch::indexing;

namespace
{
std::pair<double, double> fieldErrors(torch::nn::Sequential& nn, const FieldData& field)
{
    torch::NoGradGuard no_grad;
    auto error_c = (field.vf_tensor - nn->forward(field.cc_tensor)).abs();
    return {error_c.max().item<double>(), error_c.mean().item<double>()};
}
}

int main()
{
    torch::manual_seed(8);

    // Initialize hyperparameters
    const AiConfig cfg = readAiDict();

    // Construct the MLP
    torch::nn::Sequential nn = buildApproximator(cfg);

    // The field and the cell centres of a 16^3 unit box mesh.
    const FieldData field = makeSphereField(16, 0.3);
    const int64_t nCells = field.cc_tensor.size(0);

    // - Randomly select 10 % of all cell centers for training.
    torch::Tensor shuffled_indices = torch::randperm(nCells, torch::TensorOptions().dtype(at::kLong));
    const int64_t n_cells = static_cast<int64_t>(0.1 * nCells);
    torch::Tensor training_indices = shuffled_indices.index({Slice(0, n_cells)});
    torch::Tensor vf_training = field.vf_tensor.index({training_indices});
    torch::Tensor cc_training = field.cc_tensor.index({training_indices});
    cc_training.requires_grad_(true);

    const auto before = fieldErrors(nn, field);
    std::cout << "untrained: max(|field - field_nn|) = " << before.first
              << ", mean(|field - field_nn|) = " << before.second << std::endl;

    const double rmsprop_mse = trainApproximator(nn, cfg, cc_training, vf_training);
    const double lbfgs_mse = refineApproximator(nn, cc_training, vf_training, 5);

    const auto after = fieldErrors(nn, field);
    std::cout << "final loss: " << rmsprop_mse << std::endl;
    std::cout << "after L-BFGS: data MSE " << lbfgs_mse << std::endl;
    std::cout << "test: max(|field - field_nn|) = " << before.first << " -> " << after.first
              << ", mean(|field - field_nn|) = " << before.second << " -> " << after.second << std::endl;
    return 0;
}
