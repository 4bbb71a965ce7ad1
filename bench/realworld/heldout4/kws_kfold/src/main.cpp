#include <torch/torch.h>

#include <iostream>

#include "environments.h"
#include "frames.h"
#include "kws_model.h"

namespace {
const int64_t kNumMels = 40;
const int64_t kMaxFrames = 98;  // 1 s of audio at a 10 ms hop
const int64_t kNumKeywords = 12;
const int kFolds = 3;
}  // namespace

int main() {
  torch::manual_seed(11);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  std::cout << "device: " << device << std::endl;

  KeywordSynth synth(kNumMels, kMaxFrames, kNumKeywords);
  std::vector<Utterance> train_files = synth.make(360);
  std::vector<Utterance> test_files = synth.make(200);

  KwsNet net(kNumMels, kNumKeywords);
  net->to(device);

  kws::envs::KFoldCrossValidationEnv env(train_files, kFolds, 1e-3f, device, 0, 3);
  env.run(net);

  kws::envs::TestEnvironment test(test_files, device);
  kws::envs::TestResult result = test.run(net);
  std::cout << "final loss: " << env.lastLoss() << std::endl;
  std::cout << "test accuracy: " << result.accuracy << " (test loss " << result.loss << ")"
            << std::endl;
  return 0;
}
