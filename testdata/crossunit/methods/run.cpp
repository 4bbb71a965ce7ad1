#include "data.h"

void run(const Data &data, int which) {
  torch::nn::Linear fc(data.hidden, 64); // CROSS-EXPECT: in_features = 50 of Linear `fc` is not a multiple of 8
  fc(torch::randn({2, data.hidden}));
}
