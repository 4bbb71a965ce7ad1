#include <iostream>
#include <torch/torch.h>

#include "train.h"

int main()
{
    torch::manual_seed(42);
    Train train(/*batch_size=*/64, /*epochs=*/2, /*lr=*/2e-3, /*buffer_size=*/3200, /*use_cuda=*/true);
    auto before = train.evaluate(200);
    std::cout << "untrained: value accuracy " << before[0] << ", policy top-1 " << before[1] << std::endl;
    train.run(/*n_game=*/30, /*positions_per_game=*/12, /*check_freq=*/10);
    auto after = train.evaluate(200);
    std::cout << "final loss: " << train.last_loss() << std::endl;
    std::cout << "test value accuracy: " << after[0] << ", policy top-1: " << after[1] << std::endl;
    return 0;
}
