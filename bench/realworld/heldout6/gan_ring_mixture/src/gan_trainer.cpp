#include "gan_trainer.h"

#include <cmath>
#include <iostream>

namespace {

float grad_norm(const std::vector<torch::Tensor>& params) {
  double total = 0.0;
  for (const auto& p : params) {
    if (p.grad().defined()) total += p.grad().pow(2).sum().item<double>();
  }
  return static_cast<float>(std::sqrt(total));
}

}  // namespace

GanLosses train_gan(Generator& gen, Discriminator& dis, const GanOptions& opts,
                    const RingData& data, torch::Device device) {
  gen->to(device);
  dis->to(device);
  gen->train();
  dis->train();
  torch::optim::Adam g_opt(gen->parameters(),
                           torch::optim::AdamOptions(opts.lr).betas({0.5, 0.999}));
  torch::optim::Adam d_opt(dis->parameters(),
                           torch::optim::AdamOptions(opts.lr).betas({0.5, 0.999}));

  GanLosses losses;
  for (int64_t it = 0; it < opts.iterations; ++it) {
    auto real = data.scaler.apply(sample_ring(opts.batch_size, data)).to(device);

    // Discriminator: real batch, then fake batch, one step.
    dis->zero_grad();
    auto real_labels = torch::empty({opts.batch_size, 1}, real.options()).uniform_(0.8, 1.0);
    auto real_out = dis->forward(real);
    auto d_loss_real = torch::binary_cross_entropy(real_out, real_labels) +
                       opts.confidence_weight * confidence_penalty(real_out);
    d_loss_real.backward();

    auto noise = torch::randn({opts.batch_size, opts.noise_dim}, real.options());
    auto fake = gen->forward(noise);
    auto fake_out = dis->forward(fake.detach());
    auto d_loss_fake = torch::binary_cross_entropy(fake_out, torch::zeros_like(fake_out)) +
                       opts.confidence_weight * confidence_penalty(fake_out);
    d_loss_fake.backward();
    losses.d_grad_norm = grad_norm(dis->parameters());
    d_opt.step();

    // Generator: non-saturating loss through the updated discriminator.
    gen->zero_grad();
    auto gen_out = dis->forward(fake);
    auto g_loss = torch::binary_cross_entropy(gen_out, torch::ones_like(gen_out));
    g_loss.backward();
    losses.g_grad_norm = grad_norm(gen->parameters());
    g_opt.step();

    losses.discriminator = (d_loss_real + d_loss_fake).item<float>();
    losses.generator = g_loss.item<float>();
    if ((it + 1) % 50 == 0) {
      std::cout << "iteration " << it + 1 << "  D " << losses.discriminator << "  G "
                << losses.generator << "  |grad D| " << losses.d_grad_norm << "  |grad G| "
                << losses.g_grad_norm << "\n";
    }
  }
  return losses;
}

ModeCoverage evaluate_modes(Generator& gen, const GanOptions& opts, const RingData& data,
                            torch::Device device, int64_t num_samples) {
  torch::NoGradGuard no_grad;
  gen->eval();
  auto noise = torch::randn({num_samples, opts.noise_dim}, torch::TensorOptions().device(device));
  auto samples = data.scaler.invert(gen->forward(noise)).cpu();
  auto dist = torch::cdist(samples, data.centres);            // [n, modes]
  auto nearest = dist.min(1);
  auto close = std::get<0>(nearest) < 3.0 * data.stddev;
  auto mode = std::get<1>(nearest);

  ModeCoverage result;
  const int64_t modes = data.centres.size(0);
  for (int64_t m = 0; m < modes; ++m) {
    auto count = (close & (mode == m)).sum().item<int64_t>();
    if (count >= num_samples / (4 * modes)) ++result.modes_covered;
  }
  result.high_quality_fraction = close.to(torch::kFloat).mean().item<double>();
  result.mean_distance = std::get<0>(nearest).mean().item<double>();
  return result;
}
