// The function the surrogate learns: one explicit time step of the 2D diffusion solver
// (after examples/pde_solver/diffusion_pde_solver.cpp), on a 10 x 10 grid with fixed edges.
#include "diffusion_solver.h"

void diffusion_step(const std::vector<double>& T, std::vector<double>& T_next, int nx, int ny, double alpha) {
    T_next = T;
    for (int i = 1; i < nx - 1; ++i) {
        for (int j = 1; j < ny - 1; ++j) {
            double lap = T[(i - 1) * ny + j] + T[(i + 1) * ny + j] + T[i * ny + j - 1] + T[i * ny + j + 1]
                         - 4.0 * T[i * ny + j];
            T_next[i * ny + j] = T[i * ny + j] + alpha * lap;
        }
    }
}
