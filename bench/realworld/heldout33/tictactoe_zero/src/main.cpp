#include "core/neural_network.h"
#include "core/self_play.h"
#include "core/trainer.h"
#include "core/evaluator.h"
#include "core/config.h"
#include "core/tictactoe.h"
#include <iostream>

int main(int argc, char** argv) {
    torch::manual_seed(0);
    auto config = alphazero::Config::ParseCommandLine(argc, argv);

    // NetworkManager::CreateInitialNetwork of the original
    auto best_network = std::make_shared<alphazero::NeuralNetwork>(config);
    float best_score = -1.0f;
    float temperature = config.initial_temperature;
    float last_loss = 0.0f;

    for (int iter = 0; iter < config.num_iterations; ++iter) {
        auto network_to_train = std::dynamic_pointer_cast<alphazero::NeuralNetwork>(
            best_network->clone(torch::kCPU));

        alphazero::SelfPlay<alphazero::TicTacToe> self_play(best_network, config, temperature,
                                                            1000u + iter);
        alphazero::Trainer trainer(network_to_train, config);
        alphazero::Evaluator evaluator(network_to_train, config);

        // Generate the episodes with the best network.
        std::vector<alphazero::GameEpisode> episodes;
        for (int i = 0; i < config.episodes_per_iteration; ++i) {
            episodes.push_back(self_play.ExecuteEpisode());
        }

        // Train the clone of the best network with these episodes
        trainer.Train(episodes);
        last_loss = trainer.GetTotalLoss();
        std::cout << "iteration " << iter + 1 << "/" << config.num_iterations
                  << " loss: " << trainer.GetFirstTotalLoss() << " -> " << last_loss
                  << " (policy " << trainer.GetPolicyLoss() << ", value "
                  << trainer.GetValueLoss() << ")" << std::endl;

        alphazero::EvaluationStats stats = evaluator.EvaluateAgainstRandom();
        const float score = stats.win_rate + stats.draw_rate;
        const bool network_accepted = score >= best_score;
        std::cout << "  vs random: win " << stats.win_rate << " draw " << stats.draw_rate
                  << " loss " << stats.loss_rate << " -> "
                  << (network_accepted ? "ACCEPTED" : "REJECTED") << std::endl;
        if (network_accepted) {
            best_network = network_to_train;
            best_score = score;
        }
        temperature = std::max(config.min_temperature, temperature * config.temperature_decay);
    }

    std::cout << "final loss: " << last_loss << std::endl;
    return 0;
}
