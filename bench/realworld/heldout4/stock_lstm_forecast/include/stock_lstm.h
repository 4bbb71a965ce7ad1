#ifndef STOCK_LSTM_HPP_
#define STOCK_LSTM_HPP_

#include <torch/torch.h>

#include <tuple>

/**
 * Two stacked LSTMs, attention over the window, and Gaussian heads (mean and
 * variance of the next scaled price).
 */
class StockLSTM : public torch::nn::Module {
 public:
  StockLSTM(const torch::nn::LSTMOptions& lstmOpts1, const torch::nn::LSTMOptions& lstmOpts2,
            const torch::nn::LinearOptions& attnOpts, const torch::nn::LinearOptions& headOpts,
            const torch::nn::DropoutOptions& dropOutOpts);

  /// input: [prevSamples, batch, 1]; padMask: [batch, prevSamples], true before the series start.
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor& input,
                                                   const torch::Tensor& padMask);

 private:
  torch::nn::LSTM lstm1{nullptr};
  torch::nn::LSTM lstm2{nullptr};
  torch::nn::Linear attn{nullptr};
  torch::nn::Linear meanHead{nullptr};
  torch::nn::Linear varHead{nullptr};
  torch::nn::Dropout dropOut{nullptr};
  double scale;
};

/// Gaussian negative log-likelihood of target under N(mean, var).
torch::Tensor gaussian_nll(const torch::Tensor& mean, const torch::Tensor& var,
                           const torch::Tensor& target);

/// Mean absolute percentage error.
torch::Tensor mape(const torch::Tensor& prediction, const torch::Tensor& target);

#endif  // STOCK_LSTM_HPP_
