#ifndef ALPHAZERO_CONFIG_H_
#define ALPHAZERO_CONFIG_H_

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>

namespace alphazero {

class Config {
 public:
  // Network configuration
  int num_filters = 16;
  int num_residual_blocks = 1;
  float learning_rate = 1e-3;
  float prior_alpha = 0.75f;

  // Temperature annealing
  float initial_temperature = 1.5f;
  float min_temperature = 0.1f;
  float temperature_decay = 0.99f;

  // Search configuration
  int num_simulations = 64;
  float c_puct = std::sqrt(2);
  float temperature = 1.5;
  int action_size = 9;       // Total number of possible actions
  int mcts_batch_size = 64;
  float gamma_alpha = 0.3f;
  float gamma_beta = 1.0f;

  // Training configuration (shrunk for this corpus: 6 iterations of 48 games)
  int training_batch_size = 2048;
  int num_epochs = 40;
  int num_iterations = 6;
  int episodes_per_iteration = 48;

  // Evaluation configuration
  int num_evaluation_games = 32;
  float acceptance_threshold = 0.55f;

  std::string model_path = "alphazero_model.pt";
  std::string log_file_path = "alphazero_log.txt";

  int num_threads = 1;
  float l2_reg = 1e-4;
  float dropout_rate = 0.3;

  float loss_threshold = 0.25f;

  static Config ParseCommandLine(int argc, char** argv) {
    Config config;

    for (int i = 1; i < argc; i++) {
      std::string arg = argv[i];

      if (i + 1 >= argc) {
        std::cerr << "Missing value for argument: " << arg << std::endl;
        exit(1);
      }

      if (arg == "-f" || arg == "--filters") {
        config.num_filters = std::stoi(argv[++i]);
      } else if (arg == "-r" || arg == "--residual-blocks") {
        config.num_residual_blocks = std::stoi(argv[++i]);
      } else if (arg == "-l" || arg == "--learning-rate") {
        config.learning_rate = std::stof(argv[++i]);
      } else if (arg == "-s" || arg == "--simulations") {
        config.num_simulations = std::stoi(argv[++i]);
      } else if (arg == "-t" || arg == "--temperature") {
        config.temperature = std::stof(argv[++i]);
      } else if (arg == "-b" || arg == "--batch-size") {
        config.training_batch_size = std::stoi(argv[++i]);
      } else if (arg == "-e" || arg == "--epochs") {
        config.num_epochs = std::stoi(argv[++i]);
      } else if (arg == "-i" || arg == "--iterations") {
        config.num_iterations = std::stoi(argv[++i]);
      } else if (arg == "-g" || arg == "--games") {
        config.episodes_per_iteration = std::stoi(argv[++i]);
      } else if (arg == "-n" || arg == "--eval-games") {
        config.num_evaluation_games = std::stoi(argv[++i]);
      } else if (arg == "-a" || arg == "--acceptance-threshold") {
        config.acceptance_threshold = std::stof(argv[++i]);
      } else {
        std::cerr << "Unknown argument: " << arg << std::endl;
        exit(1);
      }
    }

    return config;
  }
};

}  // namespace alphazero

#endif  // ALPHAZERO_CONFIG_H_
