// Train a tiny super resolution model (x2) on synthetic images.
//
// The original reads its settings with gflags (DEFINE_int32(rng_seed, 123, ...) and so on); the
// defaults are kept here as constants, and the image folders name in-memory synthetic images.

#include <cstdlib>
#include <iostream>

#include "tinysr_lib.h"

const int kRngSeed = 123;
const char* kMode = "train";          // train,upscale,eval
const char* kModelName = "edsr";      // nano,edsr,unet
const double kScale = 2;              // amount of scaling
const int kBatchSize = 32;            // batch size during training
const double kLr = 0.001;             // learning rate
const double kLrDecay = 0.333333;     // learning rate decay
const int kNumItrs = 480;             // number of training iterations (the original: 100000)

int main(int argc, char** argv)
{
  p11::enhance::TinySuperResConfig cfg;
  cfg.rng_seed = kRngSeed;
  cfg.mode = kMode;
  cfg.model_name = kModelName;
  cfg.scale = kScale;
  cfg.batch_size = kBatchSize;
  cfg.lr = kLr;
  cfg.lr_decay = kLrDecay;
  cfg.train_images_dir = "synthetic_train";
  cfg.test_images_dir = "synthetic_test";
  cfg.dest_dir = "";
  cfg.augment = "none";
  cfg.num_itrs = kNumItrs;
  cfg.model_file = "";
  cfg.src_image = "";
  cfg.dest_image = "";

  if (cfg.mode == "train") {
    float final_loss = p11::enhance::trainSuperResModel(cfg);
    std::cout << "final loss: " << final_loss << std::endl;
  }

  return EXIT_SUCCESS;
}
