#include <torch/torch.h>

#include <iostream>

#include "tagger.h"

// Synthetic tagging task: the tag of a token is a fixed function of its id.
const int64_t kVocabSize = 5003;
const int64_t kModelDim = 256;
const int64_t kNumHeads = 8;
const int64_t kFfnDim = 500;
const int64_t kNumLayers = 2;
const int64_t kNumTags = 17;
const int64_t kMaxLen = 40;
const int64_t kBatchSize = 24;
const int64_t kNumSteps = 200;

struct Batch {
  torch::Tensor tokens;
  torch::Tensor tags;
};

Batch make_batch() {
  auto tokens = torch::randint(1, kVocabSize, {kBatchSize, kMaxLen}, torch::kLong);
  auto lengths = torch::randint(kMaxLen / 2, kMaxLen + 1, {kBatchSize, 1}, torch::kLong);
  auto padding = torch::arange(kMaxLen, torch::kLong).unsqueeze(0).ge(lengths);
  tokens = tokens.masked_fill(padding, 0);
  auto tags = tokens.remainder(kNumTags).masked_fill(padding, -100);
  return {tokens, tags};
}

template <typename Model, typename Optimizer>
void train_tagger(Model &model, Optimizer &optimizer, torch::Device device, int64_t num_steps) {
  model->train();
  for (int64_t step = 1; step <= num_steps; ++step) {
    Batch batch = make_batch();
    auto tokens = batch.tokens.to(device);
    auto tags = batch.tags.to(device);
    optimizer.zero_grad();
    torch::Tensor logits = model->forward(tokens);
    torch::Tensor loss = torch::nn::functional::cross_entropy(
        logits.view({-1, kNumTags}), tags.view({-1}),
        torch::nn::functional::CrossEntropyFuncOptions().ignore_index(-100));
    loss.backward();
    optimizer.step();
    if (step % 50 == 0) {
      std::cout << "step " << step << " loss " << loss.item<float>() << std::endl;
    }
  }
}

int main() {
  torch::manual_seed(11);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  Tagger model(kVocabSize, kModelDim, kNumHeads, kFfnDim, kNumLayers, kNumTags, kMaxLen);
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(3e-4));

  train_tagger(model, optimizer, device, kNumSteps);

  model->eval();
  torch::NoGradGuard no_grad;
  Batch batch = make_batch();
  auto predicted = model->forward(batch.tokens.to(device)).argmax(-1);
  auto mask = batch.tags.ne(-100).to(device);
  auto correct = predicted.eq(batch.tags.to(device)).logical_and(mask).sum().item<int64_t>();
  std::cout << "accuracy " << static_cast<double>(correct) / mask.sum().item<int64_t>() << std::endl;
  return 0;
}
