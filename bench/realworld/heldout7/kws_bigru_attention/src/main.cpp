#include <torch/torch.h>

#include <iostream>
#include <random>

#include "frontend.h"
#include "kws_config.h"
#include "model.h"
#include "speech_data.h"
#include "trainer.h"

int main() {
  torch::manual_seed(5);
  auto device = torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);

  std::mt19937 rng(17);
  KeywordSet train = make_keyword_set(1200, rng);
  KeywordSet test = make_keyword_set(300, rng);

  KwsConfig cfg;
  FrontendOptions fopts;
  fopts.set_channels(60).set_kernel(5).set_dropout(0.1);

  KwsNet model(cfg, fopts);
  TrainOptions opts;
  std::cout << "keyword spotting: " << kNumKeywords << " keywords, " << cfg.n_mels << " mels, BiGRU "
            << cfg.gru_hidden << " per direction" << std::endl;

  const double final_loss = train_kws(model, train, opts, device);
  const double acc = accuracy(model, test, device);
  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test accuracy: " << acc << " (chance " << 1.0 / kNumKeywords << ")" << std::endl;
  return 0;
}
