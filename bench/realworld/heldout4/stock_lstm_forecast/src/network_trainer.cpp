#include "network_trainer.h"

#include <iostream>

#include "network_constants.h"

NetworkTrainer::NetworkTrainer(int64_t input, int64_t hidden, int64_t output,
                               int64_t numLayers, int64_t prevSamples, double learningRate,
                               int64_t maxEpochs)
    : gpuAvailable(torch::cuda::is_available()),
      maxEpochs(maxEpochs),
      prevSamples(prevSamples),
      lstmNetwork(nullptr),
      optimizer(nullptr) {
  torch::nn::LSTMOptions lstmOpts1(input, hidden);
  torch::nn::LSTMOptions lstmOpts2(hidden, hidden);
  lstmOpts1.num_layers(numLayers).dropout(NetworkConstants::klstm1DropOut);
  lstmOpts2.num_layers(1);

  torch::nn::LinearOptions attnOpts(hidden, hidden);
  attnOpts.bias(false);
  torch::nn::LinearOptions headOpts(2 * hidden, output);
  lstmNetwork = std::make_shared<StockLSTM>(
      lstmOpts1, lstmOpts2, attnOpts, headOpts,
      torch::nn::DropoutOptions(NetworkConstants::kdropOutDropOut));

  torch::optim::AdamOptions opts(learningRate);
  optimizer = std::make_shared<torch::optim::Adam>(lstmNetwork->parameters(), opts);

  if (gpuAvailable) {
    std::cout << "Using CUDA\n";
    lstmNetwork->to(torch::kCUDA);
  }
}

float NetworkTrainer::fit(const torch::Tensor& x_train, const torch::Tensor& y_train,
                          const torch::Tensor& pad_train) {
  const torch::Device device = gpuAvailable ? torch::kCUDA : torch::kCPU;
  const int64_t numWindows = x_train.size(1);
  const int64_t numMicro = numWindows / NetworkConstants::kMicroBatch;

  float running_loss = 1;
  int64_t epoch = 0;
  lstmNetwork->train();
  optimizer->zero_grad();

  while (running_loss > kRunningLoss) {
    auto order = torch::randperm(numWindows, torch::kLong);
    float epoch_loss = 0;
    for (int64_t m = 0; m < numMicro; ++m) {
      auto idx = order.narrow(0, m * NetworkConstants::kMicroBatch, NetworkConstants::kMicroBatch);
      auto input = x_train.index_select(1, idx).to(device);
      auto target = y_train.index_select(0, idx).to(device);
      auto mask = pad_train.index_select(0, idx).to(device);

      // Predict mean and variance of the next price.
      auto prediction = lstmNetwork->forward(input, mask);
      auto y_pred = std::get<0>(prediction);
      auto var = std::get<1>(prediction);

      // Gaussian NLL plus a small relative-error term, averaged over the
      // micro-batches of one optimizer step.
      auto loss = gaussian_nll(y_pred, var, target) + NetworkConstants::kMapeWeight * mape(y_pred, target);
      (loss / NetworkConstants::kAccumSteps).backward();

      if ((m + 1) % NetworkConstants::kAccumSteps == 0) {
        optimizer->step();
        optimizer->zero_grad();
      }
      epoch_loss += loss.item<float>();
    }

    running_loss = epoch_loss / static_cast<float>(numMicro);
    if (epoch % 5 == 0) {
      std::cout << " epoch " << epoch << " [Running Loss = " << running_loss << " ]\n";
    }
    ++epoch;
    if (epoch >= maxEpochs || running_loss < NetworkConstants::kMinimumLoss) {
      break;
    }
  }
  return running_loss;
}

torch::Tensor NetworkTrainer::predict(const torch::Tensor& x, const torch::Tensor& pad) {
  torch::NoGradGuard no_grad;
  lstmNetwork->eval();
  const torch::Device device = gpuAvailable ? torch::kCUDA : torch::kCPU;
  auto prediction = lstmNetwork->forward(x.to(device), pad.to(device));
  return std::get<0>(prediction).to(torch::kCPU);
}
