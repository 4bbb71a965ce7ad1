#ifndef _NETWORKS
#define _NETWORKS

#include <torch/torch.h>

struct Generator : torch::nn::Module
{
    torch::nn::ModuleList layers{nullptr}; // the original wraps its blocks in a CustomSequential

    Generator();
    torch::Tensor forward(torch::Tensor x);
};

struct Discriminator : torch::nn::Module
{
    torch::nn::ModuleList conv_layers{nullptr};

    Discriminator();
    torch::Tensor forward(torch::Tensor x);
};

// Runs each block (a Sequential) of the list in turn.
torch::Tensor run_blocks(torch::nn::ModuleList &blocks, torch::Tensor x);

Generator create_generator();
Discriminator create_discriminator();
void weights_init(torch::nn::Module &module);

#endif
