#ifndef NETWORKTRAINER_HPP_
#define NETWORKTRAINER_HPP_

#include <torch/torch.h>

#include <memory>

#include "stock_lstm.h"

class NetworkTrainer {
 public:
  const float kRunningLoss = -10.0f;
  NetworkTrainer(int64_t input, int64_t hidden, int64_t output, int64_t numLayers,
                 int64_t prevSamples, double learningRate, int64_t maxEpochs);
  virtual ~NetworkTrainer() = default;

  /// x_train: [prevSamples, N, 1]; y_train: [N]; pad_train: [N, prevSamples].
  float fit(const torch::Tensor& x_train, const torch::Tensor& y_train,
            const torch::Tensor& pad_train);

  /// Predicted means for windows, on the CPU.
  torch::Tensor predict(const torch::Tensor& x, const torch::Tensor& pad);

 private:
  bool gpuAvailable;
  int64_t maxEpochs;
  int64_t prevSamples;
  std::shared_ptr<StockLSTM> lstmNetwork;
  std::shared_ptr<torch::optim::Optimizer> optimizer;
};

#endif  // NETWORKTRAINER_HPP_
