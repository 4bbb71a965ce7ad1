#ifndef FINAL_PROJECT_PINN_HELPER_HPP
#define FINAL_PROJECT_PINN_HELPER_HPP

#pragma once
#include <pinn/types.hpp>

namespace final_project { namespace PINN {

void helper_message();
Dimension getDimensionfromString(const String & s);
/// the 3D problem needs fewer input frequencies per axis: may change nfreq
void fit_frequencies(Integer & nfreq, Dimension dim);

} // namespace PINN
} // namespace final_project

#endif
