#include "networks.h"

#include "blocks.h"
#include "gan_config.h"

Generator::Generator()
{
    layers = torch::nn::ModuleList(
        conv_block(LATENT_DIM, 64, 4, false, 1, 0), // 1x1 -> 4x4
        conv_block(64, 40, 4, false, 2, 1),         // 4x4 -> 8x8
        conv_block(40, 20, 4, false, 2, 1),         // 8x8 -> 16x16
        conv_block(20, 1, 3, true, 1, 1, false)     // output layer, 16x16
    );

    register_module("layers", layers);
}

torch::Tensor Generator::forward(torch::Tensor x)
{
    return run_blocks(layers, x);
}

Discriminator::Discriminator()
{
    conv_layers = torch::nn::ModuleList(
        disc_conv(1, 20, 4, 2, 1, false),       // 16x16 -> 8x8
        disc_conv(20, 40),                      // 8x8 -> 4x4
        disc_conv(40, 1, 4, 1, 0, false, true)  // output layer, 1x1
    );

    register_module("conv_layers", conv_layers);
}

torch::Tensor Discriminator::forward(torch::Tensor x)
{
    return run_blocks(conv_layers, x);
}

torch::Tensor run_blocks(torch::nn::ModuleList &blocks, torch::Tensor x)
{
    for (const auto &block : *blocks)
    {
        x = block->as<torch::nn::Sequential>()->forward(x);
    }
    return x;
}

Generator create_generator()
{
    return Generator();
}

Discriminator create_discriminator()
{
    return Discriminator();
}

void weights_init(torch::nn::Module &module)
{
    torch::NoGradGuard no_grad;
    for (auto &param : module.named_parameters(false))
    {
        if (param.key() == "weight" && param.value().dim() == 4)
        {
            param.value().normal_(0.0, 0.02);
        }
        else if (param.key() == "weight")
        {
            param.value().normal_(1.0, 0.02);
        }
        else if (param.key() == "bias")
        {
            param.value().zero_();
        }
    }
}
