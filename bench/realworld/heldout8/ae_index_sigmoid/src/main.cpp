#include <torch/torch.h>

#include <iostream>

#include "autoencoder.h"
#include "calibrate.h"
#include "points.h"
#include "trainer.h"

int main() {
  torch::manual_seed(42);
  auto device = torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);

  PointSet train = make_points(8192, 1);
  PointSet test = make_points(2048, 2);

  AutoEncoder model;
  model->to(device);
  TrainSettings settings;
  double final_loss = train_autoencoder(model, train, settings, device);
  std::cout << "final loss: " << final_loss << std::endl;

  RankHead head(model->code_size());
  head->to(device);
  double head_loss = fit_rank_head(head, model, train, 150, device);

  double bce = reconstruction_bce(model, test, device);
  auto mean_point = train.points.mean(0, true).expand_as(test.points);
  double baseline = torch::binary_cross_entropy(mean_point, test.points).item<double>();
  std::cout << "test reconstruction BCE: " << bce << " (mean point " << baseline << ")" << std::endl;
  std::cout << "rank head loss " << head_loss << ", test rank error: " << rank_error(head, model, test, device)
            << " (constant 0.5 guess: 0.25)" << std::endl;
  return 0;
}
