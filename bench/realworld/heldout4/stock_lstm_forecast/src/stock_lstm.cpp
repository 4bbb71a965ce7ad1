#include "stock_lstm.h"

#include <cmath>

StockLSTM::StockLSTM(const torch::nn::LSTMOptions& lstmOpts1,
                     const torch::nn::LSTMOptions& lstmOpts2,
                     const torch::nn::LinearOptions& attnOpts,
                     const torch::nn::LinearOptions& headOpts,
                     const torch::nn::DropoutOptions& dropOutOpts)
    : torch::nn::Module(),
      lstm1(register_module("lstm1", torch::nn::LSTM(lstmOpts1))),
      lstm2(register_module("lstm2", torch::nn::LSTM(lstmOpts2))),
      attn(register_module("attn", torch::nn::Linear(attnOpts))),
      meanHead(register_module("meanHead", torch::nn::Linear(headOpts))),
      varHead(register_module("varHead", torch::nn::Linear(headOpts))),
      dropOut(register_module("dropOut", torch::nn::Dropout(dropOutOpts))),
      scale(1.0 / std::sqrt(static_cast<double>(attnOpts.in_features()))) {}

std::tuple<torch::Tensor, torch::Tensor> StockLSTM::forward(const torch::Tensor& input,
                                                            const torch::Tensor& padMask) {
  // 1. The window goes through LSTM layer 1, its output through LSTM layer 2.
  auto out1 = std::get<0>(lstm1->forward(input));
  auto out2 = std::get<0>(lstm2->forward(out1));

  // 2. Attention of the last step over the window; padded steps are masked.
  auto seq = out2.transpose(0, 1);  // [batch, prevSamples, hidden]
  auto last = seq.select(1, -1);    // [batch, hidden]
  auto keys = attn->forward(seq);
  auto scores = torch::bmm(keys, last.unsqueeze(2)).squeeze(2) * scale;
  scores = scores.masked_fill(padMask, -1e6);
  auto weights = torch::softmax(scores, 1);
  auto context = torch::bmm(weights.unsqueeze(1), seq).squeeze(1);

  // 3. Gaussian heads on [last, context].
  auto features = dropOut->forward(torch::cat({last, context}, 1));
  auto mean = meanHead->forward(features).view({-1});
  auto var = varHead->forward(features).view({-1});
  var.exp_();
  return std::make_tuple(mean, var);
}

torch::Tensor gaussian_nll(const torch::Tensor& mean, const torch::Tensor& var,
                           const torch::Tensor& target) {
  auto v = var + 1e-8;
  return 0.5 * (torch::log(v) + (target - mean).pow(2) / v).mean();
}

torch::Tensor mape(const torch::Tensor& prediction, const torch::Tensor& target) {
  return ((target - prediction).abs() / (target.abs() + 1e-8)).mean();
}
