#include "frontend.h"

torch::nn::Sequential make_frontend(int64_t in_mels, const FrontendOptions &opts) {
  const int64_t pad = opts.kernel() / 2;
  torch::nn::Sequential seq;
  seq->push_back(torch::nn::Conv1d(torch::nn::Conv1dOptions(in_mels, opts.channels(), opts.kernel()).padding(pad)));
  seq->push_back(torch::nn::BatchNorm1d(opts.channels()));
  seq->push_back(torch::nn::ReLU());
  seq->push_back(torch::nn::Conv1d(torch::nn::Conv1dOptions(opts.channels(), opts.channels(), opts.kernel()).padding(pad)));
  seq->push_back(torch::nn::BatchNorm1d(opts.channels()));
  seq->push_back(torch::nn::ReLU());
  seq->push_back(torch::nn::Dropout(opts.dropout()));
  return seq;
}
