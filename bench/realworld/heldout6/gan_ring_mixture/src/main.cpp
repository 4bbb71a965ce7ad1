// A small GAN on the classic ring of eight Gaussians.
#include <torch/torch.h>

#include <iostream>

#include "discriminator.h"
#include "gan_options.h"
#include "gan_trainer.h"
#include "generator.h"
#include "ring_data.h"

int main() {
  torch::manual_seed(7);

  GanOptions opts;
  opts.noise_dim = 20;
  opts.data_dim = 2;
  opts.g_hidden = 128;
  opts.d_hidden = 100;
  opts.batch_size = 256;
  opts.iterations = 250;
  opts.lr = 2e-3;
  opts.confidence_weight = 0.1;

  torch::Device device = torch::kCPU;
  if (torch::cuda::is_available()) device = torch::kCUDA;
  std::cout << (device.is_cuda() ? "CUDA" : "CPU") << "\n";

  const RingData data = make_ring(/*modes=*/8, /*radius=*/2.0, /*stddev=*/0.1);

  GeneratorLayers g_layers{
      torch::nn::LinearOptions(opts.noise_dim, opts.g_hidden),
      torch::nn::LinearOptions(opts.g_hidden, opts.g_hidden),
      torch::nn::LinearOptions(opts.g_hidden, opts.data_dim)};
  Generator gen(g_layers);
  Discriminator dis(opts.data_dim, opts.d_hidden);
  gen->to(device);
  dis->to(device);

  auto before = evaluate_modes(gen, opts, data, device, 2000);
  GanLosses losses = train_gan(gen, dis, opts, data, device);
  auto after = evaluate_modes(gen, opts, data, device, 2000);

  std::cout << "final loss: " << losses.generator << " (generator), " << losses.discriminator
            << " (discriminator)\n";
  std::cout << "test modes covered: " << after.modes_covered << " of 8 (before training "
            << before.modes_covered << ")\n";
  std::cout << "test high-quality fraction: " << after.high_quality_fraction
            << " (before training " << before.high_quality_fraction << ")\n";
  std::cout << "test mean distance to the nearest mode: " << after.mean_distance
            << " (before training " << before.mean_distance << ")\n";
  return 0;
}
