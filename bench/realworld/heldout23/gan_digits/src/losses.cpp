#include "losses.h"

namespace
{
constexpr double kLogEps = 1e-8;
}

torch::Tensor generator_loss(const torch::Tensor &d_fake_gen)
{
    return -torch::log(d_fake_gen + kLogEps).mean();
}
