#include <torch/torch.h>

#include <iostream>
#include <memory>

#include "pinn.h"
#include "pinn_loss.h"

int main(int argc, char* argv[])
{
    torch::manual_seed(0);
    torch::set_num_threads(1);

    // Initialize model and optimizer
    auto model = std::make_shared<PINN>(2, 20, 1);
    torch::optim::LBFGS optimizer(model->parameters());

    // Training data
    const float nu = 0.01f;
    auto colloc_points = torch::rand({1000, 2}, torch::requires_grad());
    auto bc_points = torch::rand({100, 2}, torch::requires_grad());

    // Training loop
    for (int epoch = 0; epoch < 100; ++epoch) {
        // Lambda closure for LBFGS
        auto closure = [&]() {
            optimizer.zero_grad();
            auto loss = compute_loss(model, colloc_points, bc_points, nu);
            loss.backward();
            return loss;
        };

        auto loss = optimizer.step(closure);

        if (epoch % 10 == 0) {
            std::cout << "Epoch " << epoch
                      << ": Loss = " << loss.item<float>() << std::endl;
        }
    }

    auto final_loss = compute_loss(model, colloc_points, bc_points, nu);
    std::cout << "final loss: " << final_loss.item<float>() << std::endl;
    return 0;
}
