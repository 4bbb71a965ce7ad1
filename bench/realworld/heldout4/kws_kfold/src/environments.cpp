#include "environments.h"

#include <algorithm>
#include <iostream>
#include <random>

namespace kws {
namespace envs {

namespace {
constexpr size_t kBatch = 20;
}

TrainEnvironment::TrainEnvironment(std::vector<Utterance> files, float learning_rate,
                                   torch::Device device, int start_epoch, int epoch_limit)
    : _files(std::move(files)),
      _learning_rate(learning_rate),
      _device(device),
      _start_epoch(start_epoch),
      _epoch_limit(epoch_limit) {}

void TrainEnvironment::run(KwsNet net) {
  for (int e = _start_epoch; e < _epoch_limit; ++e) runEpoch(net, e);
}

KFoldCrossValidationEnv::KFoldCrossValidationEnv(const std::vector<Utterance>& files, int K,
                                                 float learningRate, torch::Device device,
                                                 int startEpoch, int epochLimit)
    : TrainEnvironment(files, learningRate, device, startEpoch, epochLimit), _K(K) {}

void KFoldCrossValidationEnv::runEpoch(KwsNet net, int epoch) {
  std::vector<std::vector<Utterance>> folds(_K);
  std::vector<Utterance> shuffled = _files;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(1234 + epoch));
  for (size_t x = 0; x < shuffled.size(); ++x) folds[x % _K].push_back(shuffled[x]);

  // Train while leaving each partition out, once.
  for (int k = 0; k < _K; ++k) {
    TestResult r = train_once(net, folds, k);
    std::cout << "epoch " << epoch << " fold " << (k + 1) << "/" << _K
              << ": held-out loss " << r.loss << ", accuracy " << r.accuracy << std::endl;
  }
}

TestResult KFoldCrossValidationEnv::train_once(KwsNet& net,
                                               const std::vector<std::vector<Utterance>>& folds,
                                               int test_idx) {
  std::vector<Utterance> v;
  for (size_t i = 0; i < folds.size(); ++i) {
    if (static_cast<int>(i) != test_idx) v.insert(v.end(), folds[i].begin(), folds[i].end());
  }
  train(net, v);
  TestEnvironment tenv(folds[test_idx], _device);
  return tenv.run(net);
}

void KFoldCrossValidationEnv::train(KwsNet& net, const std::vector<Utterance>& files) {
  net->train();
  torch::optim::Adam optimizer(net->parameters(), torch::optim::AdamOptions(_learning_rate));

  for (size_t start = 0; start + kBatch <= files.size(); start += kBatch) {
    Batch batch = collate(files, start, kBatch, _device);
    auto output = net->forward(batch.feats, batch.lengths);
    auto loss = torch::nll_loss(output, batch.labels);
    loss.backward();
    optimizer.step();
    _last_loss = loss.item<double>();
  }
}

TestEnvironment::TestEnvironment(std::vector<Utterance> files, torch::Device device)
    : _files(std::move(files)), _device(device) {}

TestResult TestEnvironment::run(KwsNet& net) {
  torch::NoGradGuard no_grad;
  net->eval();
  TestResult r;
  int64_t correct = 0;
  double loss_sum = 0.0;
  for (size_t start = 0; start < _files.size(); start += kBatch) {
    Batch batch = collate(_files, start, kBatch, _device);
    auto output = net->forward(batch.feats, batch.lengths);
    loss_sum += torch::nll_loss(output, batch.labels, {}, at::Reduction::Sum).item<double>();
    correct += output.argmax(1).eq(batch.labels).sum().item<int64_t>();
  }
  r.accuracy = static_cast<double>(correct) / static_cast<double>(_files.size());
  r.loss = loss_sum / static_cast<double>(_files.size());
  net->train();
  return r;
}

}  // namespace envs
}  // namespace kws
