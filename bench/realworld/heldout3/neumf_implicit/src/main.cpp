#include <iostream>
#include <memory>
#include <vector>

#include "dataset.h"
#include "neumf.h"
#include "trainer.h"

int main() {
    torch::manual_seed(7);

    // MovieLens-100K sized id spaces
    const int64_t kNumUsers = 943;
    const int64_t kNumItems = 1682;
    const std::vector<int64_t> kTower = {64, 32, 16, 12};

    auto device = std::make_shared<torch::Device>(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    auto data = make_synthetic_interactions(kNumUsers, kNumItems, /*latent_dim=*/8, /*samples_per_user=*/24, /*seed=*/7);

    NeuMF model(kNumUsers, kNumItems, kTower, ProblemMode::kImplicit, device);
    model->to(*device);

    TrainOptions options;
    const double pretrain_loss = pretrain_gmf(model, data, options, device);
    const double loss = fit(model, data, options, device);
    const double accuracy = evaluate(model, data, device);

    std::cout << "pretrain loss: " << pretrain_loss << '\n';
    std::cout << "final loss: " << loss << '\n';
    std::cout << "test accuracy: " << accuracy << std::endl;
    return 0;
}
