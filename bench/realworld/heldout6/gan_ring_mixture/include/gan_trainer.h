#pragma once

#include <torch/torch.h>

#include "discriminator.h"
#include "gan_options.h"
#include "generator.h"
#include "ring_data.h"

struct GanLosses {
  float generator = 0.0f;
  float discriminator = 0.0f;
  float d_grad_norm = 0.0f;
  float g_grad_norm = 0.0f;
};

GanLosses train_gan(Generator& gen, Discriminator& dis, const GanOptions& opts,
                    const RingData& data, torch::Device device);

struct ModeCoverage {
  int modes_covered = 0;
  double high_quality_fraction = 0.0;
  double mean_distance = 0.0;  // to the nearest centre
};

ModeCoverage evaluate_modes(Generator& gen, const GanOptions& opts, const RingData& data,
                            torch::Device device, int64_t num_samples);
