#pragma once

#include <torch/torch.h>

#include <vector>

#include "frames.h"
#include "kws_model.h"

namespace kws {
namespace envs {

struct TestResult {
  double accuracy = 0.0;
  double loss = 0.0;
};

class ExecEnvironment {
 public:
  virtual ~ExecEnvironment() = default;
  virtual void run(KwsNet net) = 0;
};

class TrainEnvironment : public ExecEnvironment {
 public:
  TrainEnvironment(std::vector<Utterance> files, float learning_rate, torch::Device device,
                   int start_epoch = 0, int epoch_limit = 3);
  void run(KwsNet net) override;
  virtual void runEpoch(KwsNet net, int epoch) = 0;
  double lastLoss() const { return _last_loss; }

 protected:
  std::vector<Utterance> _files;
  float _learning_rate;
  torch::Device _device;
  double _last_loss = 0.0;

 private:
  int _start_epoch, _epoch_limit;
};

class KFoldCrossValidationEnv : public TrainEnvironment {
 public:
  KFoldCrossValidationEnv(const std::vector<Utterance>& files, int K, float learningRate,
                          torch::Device device, int startEpoch, int epochLimit);
  void runEpoch(KwsNet net, int epoch) override;

 private:
  TestResult train_once(KwsNet& net, const std::vector<std::vector<Utterance>>& folds,
                        int test_idx);
  void train(KwsNet& net, const std::vector<Utterance>& files);
  int _K;
};

class TestEnvironment {
 public:
  TestEnvironment(std::vector<Utterance> files, torch::Device device);
  TestResult run(KwsNet& net);

 private:
  std::vector<Utterance> _files;
  torch::Device _device;
};

}  // namespace envs
}  // namespace kws
