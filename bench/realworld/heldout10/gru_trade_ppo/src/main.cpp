#include <torch/torch.h>
#include <iostream>
#include <cstring>

#include "Global.h"
#include "MarketData.h"
#include "TrainOption.h"
#include "Trainer.h"

void feature_add()
{
  data::MarketData assetData(/*days=*/1320, /*seed=*/7, g_device);

  train::TrainOption base({"AttGru", "PPOSampler", "Adam", "1d", "random",
    {0, 1, 2, 3, 4, 5},   // cols
    50,   // rnn_base
    1,    // rnn_layer
    64,   // linear_base
    120,  // normalize_len
    10,   // window
    0.2,  // dropout
    5e-4, // lr
    1000, // train_len
    64,   // batch_size
    4,    // maxEpoch
    6,    // patient
    1,    // repeat
    1.2f, // save threshold
    0,    // diff_col
    0.0f, // dummy score
    });

  std::cout << "columns:";
  for (auto &n : assetData.names())
    std::cout << " " << n;
  std::cout << std::endl;

  train::Trainer trainer(assetData, base, g_device);
  float best = trainer.train();
  std::cout << "best test cumprod: " << best << std::endl;
}

int main(int argc, char *argv[]) {
  torch::manual_seed(0);

  if (argc > 1 && std::strcmp(argv[1], "back_test") == 0) {
    std::cout << "back_test needs saved models; this build only trains" << std::endl;
    return 0;
  }

  feature_add();
  return 0;
}
