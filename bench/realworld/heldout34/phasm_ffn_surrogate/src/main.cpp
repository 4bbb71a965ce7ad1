// Captures samples of a 2D diffusion step and trains PHASM's FeedForwardModel surrogate on them
// (the capture/train/infer cycle of nathanwbrei/surrogate_toolkit, without the call-site machinery).
#include <torch/torch.h>

#include <iostream>
#include <random>
#include <vector>

#include "diffusion_solver.h"
#include "feedforward_model.h"

int main() {
    torch::manual_seed(0);

    const int nx = 10, ny = 10;
    const int n_captures = 300;
    const double alpha = 0.2;

    phasm::FeedForwardModel model;
    model.add_input("T", {nx, ny});
    model.add_output("T_next", {nx, ny});
    model.initialize();

    std::mt19937 rng(7);
    std::uniform_real_distribution<double> temp(0.0, 1.0);
    std::vector<double> T(nx * ny), T_next;
    for (int s = 0; s < n_captures; ++s) {
        for (auto& t : T) t = temp(rng);
        diffusion_step(T, T_next, nx, ny, alpha);
        auto in = torch::tensor(T, torch::kDouble).reshape({nx, ny});
        auto out = torch::tensor(T_next, torch::kDouble).reshape({nx, ny});
        model.capture({in}, {out});
    }

    model.train_from_captures();

    // Evaluate on fresh samples
    double err = 0.0;
    for (int s = 0; s < 20; ++s) {
        for (auto& t : T) t = temp(rng);
        diffusion_step(T, T_next, nx, ny, alpha);
        auto pred = model.infer({torch::tensor(T, torch::kDouble).reshape({nx, ny})});
        auto target = torch::tensor(T_next, torch::kFloat).reshape({nx, ny});
        err += torch::mse_loss(pred, target).item<double>();
    }
    std::cout << "held-out mse: " << err / 20.0 << std::endl;
    std::cout << "final loss: " << model.last_loss() << std::endl;
    return 0;
}
