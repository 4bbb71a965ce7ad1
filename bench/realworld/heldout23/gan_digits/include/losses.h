#ifndef _LOSSES
#define _LOSSES

#include <torch/torch.h>

// Non-saturating generator loss on the discriminator's probabilities for generated images.
torch::Tensor generator_loss(const torch::Tensor &d_fake_gen);

#endif
