#include <iostream>
#include <torch/torch.h>

#include "game.h"
#include "model.h"
#include "trainer.h"

int main() {
    torch::manual_seed(0);

    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    std::cout << (device.is_cuda() ? "Training on GPU." : "Training on CPU.") << std::endl;

    ConnectXGame game;
    const int board_size = game.GetBoardSize();
    const int action_size = game.GetActionSize();

    Connect2Model model(board_size, action_size, device);

    const double before = WinRateAgainstRandom(game, model, 100, 77);

    Trainer trainer(game, model, /*num_simulations=*/25, /*training_iterations=*/4,
                    /*number_of_episodes=*/24, /*epochs=*/10, /*batch_size=*/32);
    const double final_loss = trainer.Learn();

    const double after = WinRateAgainstRandom(game, model, 100, 77);
    std::cout << "final loss: " << final_loss << std::endl;
    std::cout << "score against a random player (win = 1, draw = 0.5), 100 games: "
              << before << " -> " << after << std::endl;
    return 0;
}
