#pragma once

#include <torch/torch.h>

// Cell centres of a uniform n x n x n mesh of the unit box and the signed distance
// to a sphere (what pinnFoamSetSphere writes into psi_c).
struct FieldData
{
    torch::Tensor cc_tensor; // {nCells, 3}
    torch::Tensor vf_tensor; // {nCells, 1}
};

FieldData makeSphereField(int64_t n, double radius);
