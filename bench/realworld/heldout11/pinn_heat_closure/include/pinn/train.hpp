#ifndef FINAL_PROJECT_PINN_TRAIN_HPP
#define FINAL_PROJECT_PINN_TRAIN_HPP

#pragma once
#include <pinn/pinn.hpp>
#include <pinn/dataset.hpp>

namespace final_project { namespace PINN {

/// plain Adam iterations; returns the last loss
maintype train_adam(HeatPINN & net, dataset & data, torch::Device & device, size_type nsteps, maintype lr);
/// Adam stepped with a closure, stopping at a tolerance (as main2.cpp does); returns the last loss
maintype train_closure(HeatPINN & net, dataset & data, torch::Device & device, size_type nsteps, maintype tol);

} // namespace PINN
} // namespace final_project

#endif
