#include <iostream>
#include <pinn/helper.hpp>

namespace final_project { namespace PINN {

void helper_message()
{
  std::cout
    << "Usage: pinn_heat_closure [-D 2d|3d] [-N adam_steps] [-H]\n"
    << "  -D  dimension of the problem (default 2d)\n"
    << "  -N  number of plain Adam steps (default 300)\n"
    << "  -H  this message" << std::endl;
}

Dimension getDimensionfromString(const String & s)
{
  if (s == "2d" || s == "2D") return Dimension::PINN_2D;
  if (s == "3d" || s == "3D") return Dimension::PINN_3D;
  return Dimension::UNKNOWN;
}

void fit_frequencies(Integer & nfreq, Dimension dim)
{
  if (dim == Dimension::PINN_3D)
    nfreq = nfreq * 2 / 3;
}

} // namespace PINN
} // namespace final_project
