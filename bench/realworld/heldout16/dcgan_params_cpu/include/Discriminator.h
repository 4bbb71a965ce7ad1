#ifndef DISCRIMINATOR_H
#define DISCRIMINATOR_H
#include <torch/torch.h>

/* Description: Build the discriminator, a Sequential that ends in a Sigmoid.
 * @param fLeakySlope: The negative slope of the LeakyReLU layers.
 */
torch::nn::Sequential makeDiscriminator(double fLeakySlope);

#endif
