#include "sdf_field.h"

FieldData makeSphereField(int64_t n, double radius)
{
    auto axis = (torch::arange(n, torch::kFloat) + 0.5) / static_cast<double>(n);
    auto grids = torch::meshgrid({axis, axis, axis}, "ij");
    auto cc = torch::stack({grids[0].reshape(-1), grids[1].reshape(-1), grids[2].reshape(-1)}, 1);
    auto centre = torch::full({1, 3}, 0.5);
    auto vf = (cc - centre).norm(2, 1, true) - radius;
    return {cc, vf};
}
