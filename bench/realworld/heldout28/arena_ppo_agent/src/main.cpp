// The game loop of one arena match: every frame the bot observes the arena,
// picks a move, and is told whether the scripted player would have made the
// same move; the agent trains itself after every T moves.
#include "Agent.hpp"
#include "arena.hpp"

#include <torch/torch.h>

#include <iostream>

bool training_mode = true;

int main() {
    torch::manual_seed(0);
    const int num_channels = 6, grid_size = 9, num_actions = 9;
    const int frames = 1536;

    Agent agent(training_mode, 64, 4, 0.99, 3e-4, 0.2, "", num_channels, grid_size, num_actions);
    Environment::Field::Arena arena(num_channels, grid_size, 5);

    int imitated = 0, imitated_window = 0;
    for (int frame = 0; frame < frames; ++frame) {
        int action = agent.predict(arena.observe());
        int expert = arena.scripted_action();
        bool imitate = (action == expert);
        imitated += imitate;
        imitated_window += imitate;
        agent.update(action, imitate);
        arena.apply(action);
        if ((frame + 1) % 256 == 0) {
            std::cout << "frame " << frame + 1 << " imitation rate (last 256) "
                      << imitated_window / 256.0 << " last loss "
                      << agent.get_last_loss() << std::endl;
            imitated_window = 0;
        }
    }
    std::cout << "training rounds: " << agent.get_train_calls() << std::endl;
    std::cout << "imitation rate: " << imitated / double(frames) << std::endl;
    std::cout << "final loss: " << agent.get_last_loss() << std::endl;
    return 0;
}
