#include "dataset.h"

#include <random>

void DataSet::GenerateSamples(int per_class, unsigned seed) {
  // species means and spreads close to Fisher's measurements (cm)
  const float means[3][4] = {{5.0f, 3.4f, 1.5f, 0.25f}, {5.9f, 2.8f, 4.3f, 1.3f}, {6.6f, 3.0f, 5.5f, 2.0f}};
  const float spreads[3][4] = {{0.35f, 0.38f, 0.17f, 0.1f}, {0.5f, 0.3f, 0.47f, 0.2f}, {0.63f, 0.32f, 0.55f, 0.27f}};
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  for (int i = 0; i < per_class; ++i) {
    for (int species = 0; species < 3; ++species) {
      x1_.push_back(means[species][0] + spreads[species][0] * normal(rng));
      x2_.push_back(means[species][1] + spreads[species][1] * normal(rng));
      x3_.push_back(means[species][2] + spreads[species][2] * normal(rng));
      x4_.push_back(means[species][3] + spreads[species][3] * normal(rng));
      y_.push_back(static_cast<float>(species));
    }
  }
}
