#include <torch/torch.h>

#include <cmath>
#include <cstdio>
#include <iostream>

#include "data.h"
#include "models.h"

// The size of the noise vector fed to the generator.
const int64_t kNoiseSize = 1000;

// The batch size for training.
const int64_t kBatchSize = 128;

// The number of epochs to train.
const int64_t kNumberOfEpochs = 10;

// How many synthetic images stand in for the MNIST folder.
const int64_t kDatasetSize = 1024;

// How many images to sample at every checkpoint.
const int64_t kNumberOfSamplesPerCheckpoint = 10;

// After how many batches to log a new update with the loss value.
const int64_t kLogInterval = 4;

using namespace torch;

int main(int argc, const char *argv[])
{
  torch::manual_seed(1);

  // Create the device we pass around based on whether CUDA is available.
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
  {
    std::cout << "CUDA is available! Training on GPU." << std::endl;
    device = torch::Device(torch::kCUDA);
  }
  else
    std::cout << "CUDA is not available! Training on CPU." << std::endl;

  DCGANGenerator generator(kNoiseSize);
  generator->to(device);

  Discriminator discriminator;
  discriminator->to(device);

  auto dataset = ShapeDigits(kDatasetSize)
                     .map(torch::data::transforms::Normalize<>(0.5, 0.5))
                     .map(torch::data::transforms::Stack<>());
  const int64_t batches_per_epoch =
      std::ceil(dataset.size().value() / static_cast<double>(kBatchSize));

  auto data_loader = torch::data::make_data_loader(
      std::move(dataset),
      torch::data::DataLoaderOptions().batch_size(kBatchSize));

  torch::optim::Adam generator_optimizer(
      generator->parameters(), torch::optim::AdamOptions(2e-4).betas(std::make_tuple(0.5, 0.5)));
  torch::optim::Adam discriminator_optimizer(
      discriminator->parameters(), torch::optim::AdamOptions(2e-4).betas(std::make_tuple(0.5, 0.5)));

  // A fixed real batch and fixed noise for the sample check.
  ShapeDigits reference(256);
  std::vector<torch::Tensor> reference_list;
  for (size_t i = 0; i < 256; ++i)
    reference_list.push_back(reference.get(i).data.sub(0.5).div(0.5));
  torch::Tensor reference_images = torch::stack(reference_list);
  torch::Tensor fixed_noise = torch::randn({256, kNoiseSize, 1, 1}, device);
  auto sample_gap = [&]() {
    torch::NoGradGuard no_grad;
    generator->eval();
    torch::Tensor samples = generator->forward(fixed_noise).to(torch::kCPU);
    generator->train();
    return mean_image_gap(samples, reference_images);
  };
  const double initial_gap = sample_gap();

  float d_last = 0.0f, g_last = 0.0f;
  int64_t checkpoint_counter = 1;
  for (int64_t epoch = 1; epoch <= kNumberOfEpochs; ++epoch)
  {
    int64_t batch_index = 0;
    for (torch::data::Example<> &batch : *data_loader)
    {
      // Train discriminator with real images.
      discriminator->zero_grad();
      torch::Tensor real_images = batch.data.to(device);
      torch::Tensor real_labels =
          torch::empty(batch.data.size(0), device).uniform_(0.8, 1.0);
      // label smoothing: real labels between 0.8 and 1.0
      torch::Tensor real_output = discriminator->forward(real_images).reshape({-1});
      torch::Tensor d_loss_real =
          torch::binary_cross_entropy(real_output, real_labels);
      d_loss_real.backward();

      // Train discriminator with fake images.
      torch::Tensor noise =
          torch::randn({batch.data.size(0), kNoiseSize, 1, 1}, device);
      torch::Tensor fake_images = generator->forward(noise);
      torch::Tensor fake_labels = torch::zeros(batch.data.size(0), device);
      torch::Tensor fake_output = discriminator->forward(fake_images.detach()).reshape({-1});
      torch::Tensor d_loss_fake =
          torch::binary_cross_entropy(fake_output, fake_labels);
      d_loss_fake.backward();

      torch::Tensor d_loss = d_loss_real + d_loss_fake;
      discriminator_optimizer.step();

      // Train generator.
      generator->zero_grad();
      fake_labels.fill_(1);
      fake_output = discriminator->forward(fake_images).reshape({-1});
      torch::Tensor g_loss =
          torch::binary_cross_entropy(fake_output, fake_labels);
      g_loss.backward();
      generator_optimizer.step();
      ++batch_index;
      d_last = d_loss.item<float>();
      g_last = g_loss.item<float>();
      if (batch_index % kLogInterval == 0)
      {
        std::printf(
            "[%lld/%lld][%lld/%lld] D_loss: %.4f | G_loss: %.4f\n",
            static_cast<long long>(epoch),
            static_cast<long long>(kNumberOfEpochs),
            static_cast<long long>(batch_index),
            static_cast<long long>(batches_per_epoch),
            d_last,
            g_last);
      }
    }
    if (epoch % 5 == 0)
    {
      // Sample the generator (the original saves the samples and checkpoints here).
      torch::Tensor samples = generator->forward(torch::randn(
          {kNumberOfSamplesPerCheckpoint, kNoiseSize, 1, 1}, device));
      std::cout << "-> checkpoint " << ++checkpoint_counter << ", sample range ["
                << samples.min().item<float>() << ", " << samples.max().item<float>()
                << "], mean-image gap " << sample_gap() << '\n';
    }
  }

  std::cout << "Training complete!" << std::endl;
  std::cout << "mean-image gap of 256 samples: " << initial_gap << " -> " << sample_gap() << std::endl;
  std::cout << "final D loss: " << d_last << std::endl;
  std::cout << "final loss: " << g_last << std::endl;
  return 0;
}
