#include "data.h"

GanData make_blobs(int64_t num_samples, int64_t data_dim, int64_t num_classes) {
  GanData data;
  data.centroids = torch::rand({num_classes, data_dim}) * 1.8 - 0.9;
  data.labels = torch::randint(num_classes, {num_samples}, torch::kLong);
  auto noise = 0.05 * torch::randn({num_samples, data_dim});
  data.samples = (data.centroids.index_select(0, data.labels) + noise).clamp(-1.0, 1.0);
  return data;
}

torch::Tensor condition(const torch::Tensor& x, const torch::Tensor& labels,
                        int64_t num_classes) {
  auto one_hot = torch::one_hot(labels, num_classes).to(x.dtype());
  return torch::cat({x, one_hot}, 1);
}

double conditional_accuracy(const torch::Tensor& generated, const torch::Tensor& labels,
                            const torch::Tensor& centroids) {
  auto distances = torch::cdist(generated, centroids);
  auto nearest = distances.argmin(1);
  return nearest.eq(labels).to(torch::kFloat).mean().item<double>();
}
