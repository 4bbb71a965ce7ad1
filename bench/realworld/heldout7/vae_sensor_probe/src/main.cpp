#include <torch/torch.h>

#include <iostream>
#include <random>

#include "data.h"
#include "probe.h"
#include "sensors.h"
#include "trainer.h"
#include "vae.h"

int main() {
  torch::manual_seed(13);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  std::mt19937 rng(99);
  SensorData train = make_sensor_data(3000, rng);
  SensorData test = make_sensor_data(1000, rng);
  Standardizer scaler = fit_standardizer(train.x);
  auto x_train = apply_standardizer(scaler, train.x);
  auto x_test = apply_standardizer(scaler, test.x);

  Vae vae(kNumFeatures, 96, kLatentDim);
  VaeTrainOptions opts;
  const double final_loss = train_vae(vae, x_train, opts, device);
  const double test_mse = reconstruction_mse(vae, x_test, device);

  // Probe the latent means for the operating regime (the VAE never saw the labels).
  torch::Tensor z_train, z_test;
  {
    torch::NoGradGuard no_grad;
    vae->eval();
    z_train = vae->encode(x_train.to(device)).first.detach();
    z_test = vae->encode(x_test.to(device)).first.detach();
  }
  LatentProbe probe(kLatentDim, 32, kNumModes);
  const double probe_loss = train_probe(probe, z_train, train.mode, /*steps=*/150, device);
  const double acc = probe_accuracy(probe, z_test, test.mode, device);

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test reconstruction MSE: " << test_mse << " (standardised units)" << std::endl;
  std::cout << "probe loss: " << probe_loss << ", test regime accuracy: " << acc << " (chance "
            << 1.0 / kNumModes << ")" << std::endl;
  return 0;
}
