#include <torch/torch.h>

#include <iostream>

#include "trainer.h"

int main()
{
    torch::manual_seed(6);

    GANTrainer trainer(384);
    const auto before = trainer.evaluate(128);
    std::cout << "untrained: discriminator accuracy " << before.first << ", mean-image gap " << before.second << std::endl;

    trainer.train();

    const auto after = trainer.evaluate(128);
    std::cout << "optimizer steps: " << trainer.steps << " per optimizer" << std::endl;
    std::cout << "final loss: " << trainer.last_loss_g << std::endl;
    std::cout << "discriminator loss: " << trainer.last_loss_d << std::endl;
    std::cout << "test: mean-image gap " << before.second << " -> " << after.second
              << ", discriminator accuracy " << after.first << std::endl;
    return 0;
}
