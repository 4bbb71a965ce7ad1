#include "norm.h"

torch::Tensor feature_norm(const torch::Tensor& x)
{
    auto centred = x - x.mean(-1, true);
    auto var = x.var(-1, /*unbiased=*/false, /*keepdim=*/true);
    return centred / torch::sqrt(var + 1e-8);
}
