#include <torch/torch.h>

#include <iostream>

#include "embed_net.h"
#include "train.h"

const EmbedOptions kOptions{48, 256, 64};

int main() {
  torch::manual_seed(3);
  torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;

  EmbedNet model(kOptions);
  TrainConfig config{/*num_steps=*/240, /*accumulation_steps=*/4, /*pairs_per_batch=*/30,
                     /*num_clusters=*/12, /*learning_rate=*/1e-3, /*margin=*/1.0};
  double final_loss = train(model, device, config);
  std::cout << "final loss " << final_loss << std::endl;
  return 0;
}
