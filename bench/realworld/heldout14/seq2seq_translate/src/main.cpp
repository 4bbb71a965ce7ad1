#include <iostream>
#include <torch/torch.h>

#include "multi30k.h"
#include "seq2seq_transformer.h"
#include "train.h"

const int64_t EMB_SIZE = 100;
const int64_t NHEAD = 4;
const int64_t NUM_ENCODER_LAYERS = 2;
const int64_t NUM_DECODER_LAYERS = 2;
const int64_t BATCH_SIZE = 64;
const int NUM_EPOCHS = 8;

torch::Device cuda_available() {
  torch::Device device = torch::kCPU;
  if (torch::cuda::is_available()) {
    std::cout << "CUDA is available! Training on GPU." << std::endl;
    device = torch::kCUDA;
  } else {
    std::cout << "CUDA not available" << std::endl;
  }
  return device;
}

int main() {
  torch::manual_seed(0);
  torch::Device device = cuda_available();

  MULTI30KImpl train_data(MULTI30KImpl::Mode::kTrain, 1600);
  MULTI30KImpl test_data(MULTI30KImpl::Mode::kTest, 320);

  Seq2SeqTransformer transformer(NUM_ENCODER_LAYERS, NUM_DECODER_LAYERS, EMB_SIZE, NHEAD,
                                 kVocabSizes[0], kVocabSizes[1]);
  for (auto& p : transformer->parameters()) {
    if (p.dim() > 1) torch::nn::init::xavier_uniform_(p);
  }
  transformer->to(device);

  torch::nn::CrossEntropyLoss loss_fn(torch::nn::CrossEntropyLossOptions().ignore_index(PAD_IDX));
  torch::optim::Adam optimizer(transformer->parameters(),
                               torch::optim::AdamOptions(0.0005).betas({0.9, 0.98}).eps(1e-9));
  torch::optim::StepLR scheduler(optimizer, /*step_size=*/3, /*gamma=*/0.5);

  auto untrained = evaluate(transformer, loss_fn, device, test_data, BATCH_SIZE);
  std::cout << "untrained test token accuracy: " << untrained.second << std::endl;

  double last_loss = 0.0;
  for (int epoch = 1; epoch <= NUM_EPOCHS; ++epoch) {
    auto train_loss = train_epoch(transformer, optimizer, loss_fn, device, train_data, BATCH_SIZE);
    scheduler.step();
    last_loss = train_loss.second;
    auto val = evaluate(transformer, loss_fn, device, test_data, BATCH_SIZE);
    std::cout << "Epoch: " << epoch << ", Train loss: " << train_loss.first << ", Val loss: " << val.first
              << std::endl;
  }

  auto test = evaluate(transformer, loss_fn, device, test_data, BATCH_SIZE);
  std::cout << "final loss: " << last_loss << std::endl;
  std::cout << "test token accuracy: " << test.second << std::endl;
  return 0;
}
