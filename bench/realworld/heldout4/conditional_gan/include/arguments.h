#pragma once

#include <cstdint>

// Hyper-parameters of one run, filled positionally by main() and copied into
// members one by one.
class Arguments {
 public:
  int64_t batch_size;
  int64_t data_dim;
  int64_t num_classes;
  int64_t nz;
  int64_t ngf;
  int64_t num_epochs;
  double lr;
  double beta1;

  Arguments(int64_t bs, int64_t dim, int64_t classes, int64_t length_latent_vector,
            int64_t depth_feature_maps_g, int64_t number_epochs, double learning_rate,
            double beta_1) {
    batch_size = bs;
    data_dim = dim;
    num_classes = classes;
    nz = length_latent_vector;
    ngf = depth_feature_maps_g;
    num_epochs = number_epochs;
    lr = learning_rate;
    beta1 = beta_1;
  }
};
