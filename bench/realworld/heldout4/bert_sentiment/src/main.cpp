#include <torch/torch.h>

#include <iostream>

#include "classifier.h"
#include "config.h"
#include "train.h"

int main() {
  torch::manual_seed(5);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  Config config;
  TextData train = make_sentiment_data(1600, config.vocabSize);
  TextData test = make_sentiment_data(400, config.vocabSize);

  SentimentModel model(config);
  model->to(device);
  torch::optim::AdamW optimizer(model->parameters(),
                                torch::optim::AdamWOptions(1e-3).weight_decay(0.01));

  float finalLoss = fit(model, optimizer, train, device, /*epochs=*/6, /*batchSize=*/32);
  double accuracy = evaluate(model, test, device);

  std::cout << "final loss: " << finalLoss << std::endl;
  std::cout << "test accuracy: " << accuracy << std::endl;
  return 0;
}
