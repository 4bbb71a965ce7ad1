#include "pinn_loss.h"

torch::Tensor compute_pde_residual(torch::Tensor u, torch::Tensor x, torch::Tensor t, float nu) {
    torch::Tensor u_t = torch::autograd::grad({u.sum()}, {t}, {}, true, true)[0];
    torch::Tensor u_x = torch::autograd::grad({u.sum()}, {x}, {}, true, true)[0];
    torch::Tensor u_xx = torch::autograd::grad({u_x.sum()}, {x}, {}, true, true)[0];

    return u_t + u * u_x - nu * u_xx;
}

torch::Tensor compute_loss(std::shared_ptr<PINN> model,
                           const torch::Tensor& colloc_points,
                           const torch::Tensor& bc_points,
                           float nu) {
    // Boundary condition loss
    auto bc_pred = model->forward(bc_points);
    auto bc_loss = torch::mse_loss(bc_pred, torch::zeros_like(bc_pred));

    // PDE residual loss
    auto x = colloc_points.select(1, 0).unsqueeze(1).detach().requires_grad_(true);  // x-coordinates
    auto t = colloc_points.select(1, 1).unsqueeze(1).detach().requires_grad_(true);  // t-coordinates
    auto colloc_pred = model->forward(torch::cat({x, t}, 1));
    auto pde_res = compute_pde_residual(
        colloc_pred,
        x,
        t,
        nu
    );
    auto pde_loss = torch::mse_loss(pde_res, torch::zeros_like(pde_res));

    return bc_loss + pde_loss;
}
