#pragma once

#include "tinysr_zoo.h"

#include <string>
#include <vector>
#include "torch/torch.h"

namespace p11 { namespace enhance {

struct TinySuperResConfig {
  int rng_seed;
  std::string mode;
  std::string model_name;
  double scale;
  int batch_size;
  double lr;
  double lr_decay;
  // Training parameters
  std::string train_images_dir;
  std::string test_images_dir;
  std::string dest_dir;
  std::string augment;
  int num_itrs;
  // Inference (mode="upscale")
  std::string model_file;
  std::string src_image;
  std::string dest_image;
};

// run the full super resolution training pipeline; returns the last logged loss
float trainSuperResModel(const TinySuperResConfig& cfg);

// evaluate model PSNR on a set of test images. this is run during training loop
double evalSuperResModel(const TinySuperResConfig& cfg, std::shared_ptr<Base_SuperResModel> model);

double applyLearningRateSchedule(
  torch::optim::Optimizer& optimizer,
  double initial_lr,
  int current_iter,
  const std::vector<int>& milestones,
  double gamma);

torch::Tensor tiledInference(
  const torch::Tensor& input,
  std::shared_ptr<Base_SuperResModel> model,
  int tile_size,
  int overlap);

}}  // end namespace p11::enhance
