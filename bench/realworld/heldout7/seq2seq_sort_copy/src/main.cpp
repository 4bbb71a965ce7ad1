#include <torch/torch.h>

#include <iostream>

#include "model_config.h"
#include "trainer.h"

int main() {
  torch::manual_seed(7);
  torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

  ModelConfig cfg;
  cfg.decoder.ffn = 150;
  cfg.dropout = 0.05;

  TrainConfig tcfg;
  std::cout << "sorting " << kMinLen << "-" << kMaxLen << " of " << kNumSymbols << " symbols, d_model "
            << cfg.encoder.hidden << ", heads " << cfg.encoder.heads << ", device " << device << std::endl;

  Trainer trainer(cfg, tcfg, device);
  const double final_loss = trainer.fit();
  auto [exact, token_acc] = trainer.evaluate(/*num_batches=*/8);

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test exact-match accuracy: " << exact << ", token accuracy: " << token_acc << std::endl;
  return 0;
}
