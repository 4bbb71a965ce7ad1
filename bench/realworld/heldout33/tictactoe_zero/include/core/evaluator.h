#ifndef ALPHAZERO_EVALUATOR_H_
#define ALPHAZERO_EVALUATOR_H_

#include <memory>
#include <random>
#include "core/config.h"
#include "core/neural_network.h"

namespace alphazero {

struct EvaluationStats {
  float win_rate = 0.0f;
  float draw_rate = 0.0f;
  float loss_rate = 0.0f;
};

class Evaluator {
 public:
  Evaluator(std::shared_ptr<NeuralNetwork> network, const Config& config)
      : network_(std::move(network)), config_(config), rng_(1234) {}
  EvaluationStats EvaluateAgainstRandom();

 private:
  std::shared_ptr<NeuralNetwork> network_;
  const Config& config_;
  std::mt19937 rng_;
};

}  // namespace alphazero

#endif  // ALPHAZERO_EVALUATOR_H_
