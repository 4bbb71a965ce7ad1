#pragma once

#include <cstdint>

constexpr int64_t kNumAtomTypes = 4;

struct SchNetConfig {
  // model
  int64_t num_atom_types = kNumAtomTypes;
  int64_t hidden = 128;
  int64_t num_filters = 64;
  int64_t num_gaussians = 32;
  int64_t num_interactions = 3;
  int64_t readout_hidden = 20;
  double cutoff = 4.0;
  // data and training
  int64_t num_train = 1200;
  int64_t num_test = 300;
  int64_t epochs = 7;
  int64_t batch_size = 32;
  double lr = 1e-3;
  int64_t lr_step = 3;
  double lr_gamma = 0.5;
};

// Defined in config.cpp: the settings used for the cluster-energy experiment.
SchNetConfig make_config();
