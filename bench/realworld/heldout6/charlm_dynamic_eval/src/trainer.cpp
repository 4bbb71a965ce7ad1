#include "trainer.h"

#include <iostream>

torch::Tensor batchify(const torch::Tensor& stream, int64_t batch_size) {
  const int64_t columns = stream.size(0) / batch_size;
  return stream.slice(0, 0, columns * batch_size).view({batch_size, columns});
}

float train_lm(CharLM& model, const torch::Tensor& train_stream, const TrainConfig& config,
               torch::Device device) {
  model->to(device);
  torch::optim::AdamW optimizer(model->parameters(),
                                torch::optim::AdamWOptions(config.lr).weight_decay(0.01));
  auto data = batchify(train_stream, config.batch_size).to(device);

  float last_loss = 0.0f;
  int64_t steps = 0;
  for (int epoch = 0; epoch < config.epochs && steps < config.max_steps; ++epoch) {
    model->train();
    auto hidden = model->initial_state(config.batch_size, device);
    double epoch_loss = 0.0;
    int64_t batches = 0;
    for (int64_t pos = 0; pos + config.bptt + 1 <= data.size(1) && steps < config.max_steps;
         pos += config.bptt) {
      auto input = data.slice(1, pos, pos + config.bptt);
      auto target = data.slice(1, pos + 1, pos + config.bptt + 1);
      hidden = hidden.detach();

      optimizer.zero_grad();
      auto out = model->forward(input, hidden);
      hidden = out.hidden;
      auto loss = torch::nll_loss(out.log_probs.reshape({-1, out.log_probs.size(-1)}),
                                  target.reshape({-1}));
      loss.backward();
      torch::nn::utils::clip_grad_norm_(model->parameters(), config.clip);
      optimizer.step();

      last_loss = loss.item<float>();
      epoch_loss += last_loss;
      ++batches;
      ++steps;
    }
    std::cout << "epoch " << epoch + 1 << "  train nats/char " << epoch_loss / batches << "\n";
  }
  return last_loss;
}
