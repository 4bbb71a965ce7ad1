#include "data.h"

Batch make_batch(int64_t batch_size, int64_t features) {
  static const torch::Tensor w = torch::linspace(-1, 1, features).unsqueeze(1);
  auto x = torch::randn({batch_size, features});
  auto y = x.mm(w) + 0.5 + 0.01 * torch::randn({batch_size, 1});
  return {x, y};
}
