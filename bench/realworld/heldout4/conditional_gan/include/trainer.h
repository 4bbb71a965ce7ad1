#pragma once

#include <torch/torch.h>

#include <iostream>

#include "arguments.h"
#include "data.h"
#include "losses.h"
#include "models.h"

struct GanLosses {
  float d_loss = 0.f;
  float g_loss = 0.f;
  double d_accuracy = 0.0;
};

// One conditional-GAN run; OptimizerT is the optimizer class main() picked.
template <typename OptimizerT>
GanLosses train_gan(Generator& g, Discriminator& d, OptimizerT& optimizerG,
                    OptimizerT& optimizerD, const GanData& data, const Arguments& args,
                    torch::Device device) {
  torch::nn::Sequential netG = g.main_func();
  torch::nn::Sequential netD = d.main_func();
  torch::nn::BCELoss criterion;
  GanLosses last;
  const int64_t num_batches = data.samples.size(0) / args.batch_size;

  for (int64_t epoch = 1; epoch <= args.num_epochs; ++epoch) {
    auto order = torch::randperm(data.samples.size(0), torch::kLong);
    for (int64_t batch_index = 0; batch_index < num_batches; ++batch_index) {
      auto idx = order.narrow(0, batch_index * args.batch_size, args.batch_size);
      auto real = data.samples.index_select(0, idx).to(device);
      auto labels = data.labels.index_select(0, idx).to(device);

      // Discriminator on real samples (one-sided label smoothing).
      netD->zero_grad();
      auto real_targets = torch::empty({args.batch_size, 1}, device).uniform_(0.8, 1.0);
      auto real_output = netD->forward(condition(real, labels, args.num_classes));
      auto d_loss_real = criterion(real_output, real_targets);
      d_loss_real.backward();

      // Discriminator on generated samples.
      auto noise = torch::randn({args.batch_size, args.nz}, device);
      auto fake_labels = torch::randint(args.num_classes, {args.batch_size},
                                        torch::TensorOptions(torch::kLong).device(device));
      auto fake = netG->forward(condition(noise, fake_labels, args.num_classes));
      auto fake_targets = torch::zeros({args.batch_size, 1}, device);
      auto fake_output = netD->forward(condition(fake.detach(), fake_labels, args.num_classes));
      auto d_loss_fake = criterion(fake_output, fake_targets);
      d_loss_fake.backward();

      auto d_loss = d_loss_real + d_loss_fake;
      optimizerD.step();

      // Generator.
      netG->zero_grad();
      auto g_output = netD->forward(condition(fake, fake_labels, args.num_classes));
      auto g_loss = generator_loss(g_output);
      g_loss.backward();
      optimizerG.step();

      last.d_loss = d_loss.item<float>();
      last.g_loss = g_loss.item<float>();
      last.d_accuracy = discriminator_accuracy(real_output.detach(), fake_output.detach());
    }
    std::cout << "Epoch: " << epoch << ", D_loss: " << last.d_loss
              << ", G_loss: " << last.g_loss << ", D_acc: " << last.d_accuracy << std::endl;
  }
  return last;
}
