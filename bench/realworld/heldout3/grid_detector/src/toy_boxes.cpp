#include "toy_boxes.h"

#include <cmath>
#include <random>

namespace
{
const float kPalette[4][3] = { { 1.0f, 0.1f, 0.1f }, { 0.1f, 1.0f, 0.1f }, { 0.1f, 0.2f, 1.0f }, { 1.0f, 1.0f, 1.0f } };
}

std::pair<torch::Tensor, torch::Tensor> make_toy_batch(int64_t batch_size, const ToyBoxesConfig& config,
                                                       const torch::Tensor& anchors, std::mt19937& rng)
{
  const int64_t s = config.image_size;
  const int64_t g = config.grid;
  const int64_t num_anchors = anchors.size(0);
  const double cell = static_cast<double>(s) / static_cast<double>(g);

  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int64_t> side(6, 16);
  std::uniform_int_distribution<int64_t> klass(0, config.num_classes - 1);

  auto images = torch::rand({ batch_size, 3, s, s }) * 0.2;
  auto targets = torch::zeros({ batch_size, num_anchors, g, g, 6 });
  auto anchor_acc = anchors.accessor<float, 2>();

  for (int64_t b = 0; b < batch_size; ++b)
  {
    if (unit(rng) < config.empty_probability)
    {
      continue;
    }
    const int64_t w = side(rng), h = side(rng);
    const int64_t x0 = static_cast<int64_t>(unit(rng) * (s - w)), y0 = static_cast<int64_t>(unit(rng) * (s - h));
    const int64_t c = klass(rng);
    for (int ch = 0; ch < 3; ++ch)
    {
      images[b][ch].slice(0, y0, y0 + h).slice(1, x0, x0 + w).fill_(kPalette[c % 4][ch]);
    }

    const double cx = (x0 + w / 2.0) / cell, cy = (y0 + h / 2.0) / cell;
    const double gw = w / cell, gh = h / cell;
    const int64_t gi = std::min<int64_t>(static_cast<int64_t>(cx), g - 1);
    const int64_t gj = std::min<int64_t>(static_cast<int64_t>(cy), g - 1);

    int64_t best = 0;
    double best_cost = 1e30;
    for (int64_t a = 0; a < num_anchors; ++a)
    {
      const double cost = std::abs(std::log(gw / anchor_acc[a][0])) + std::abs(std::log(gh / anchor_acc[a][1]));
      if (cost < best_cost)
      {
        best_cost = cost;
        best = a;
      }
    }
    auto t = targets[b][best][gj][gi];
    t[0] = cx - gi;
    t[1] = cy - gj;
    t[2] = gw;
    t[3] = gh;
    t[4] = 1.0;
    t[5] = static_cast<double>(c);
  }
  return { images, targets };
}
