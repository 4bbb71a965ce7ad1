// Deep convolutional GAN on MNIST.
#include <torch/torch.h>

#include <cmath>
#include <cstdio>
#include <iostream>

#include "models.h"

// The size of the noise vector fed to the generator.
const int64_t kNoiseSize = 100;

// Channels of the discriminator's first convolution.
const int64_t kDiscriminatorChannels = 64;

// The batch size for training.
const int64_t kBatchSize = 64;

// The number of epochs to train.
const int64_t kNumberOfEpochs = 30;

// Where to find the MNIST dataset.
const char* kDataFolder = "./data";

// After how many batches to create a new checkpoint periodically.
const int64_t kCheckpointEvery = 200;

// After how many batches to log a new update with the loss value.
const int64_t kLogInterval = 10;

int main(int argc, const char* argv[]) {
    torch::manual_seed(1);

    torch::Device device(torch::kCPU);
    if (torch::cuda::is_available()) {
        std::cout << "CUDA is available! Training on GPU." << std::endl;
        device = torch::Device(torch::kCUDA);
    }

    Generator generator(kNoiseSize);
    generator->to(device);

    torch::nn::Sequential discriminator = make_discriminator(kDiscriminatorChannels);
    discriminator->to(device);

    auto dataset = torch::data::datasets::MNIST(kDataFolder)
                       .map(torch::data::transforms::Normalize<>(0.5, 0.5))
                       .map(torch::data::transforms::Stack<>());
    const int64_t batches_per_epoch =
        std::ceil(dataset.size().value() / static_cast<double>(kBatchSize));

    auto data_loader = torch::data::make_data_loader(
        std::move(dataset), torch::data::DataLoaderOptions().batch_size(kBatchSize).workers(2));

    torch::optim::Adam generator_optimizer(
        generator->parameters(), torch::optim::AdamOptions(2e-4).betas(std::make_tuple(0.5, 0.5)));
    torch::optim::Adam discriminator_optimizer(
        discriminator->parameters(), torch::optim::AdamOptions(2e-4).betas(std::make_tuple(0.5, 0.5)));

    int64_t checkpoint_counter = 1;
    for (int64_t epoch = 1; epoch <= kNumberOfEpochs; ++epoch) {
        int64_t batch_index = 0;
        for (torch::data::Example<>& batch : *data_loader) {
            // Discriminator step, real half: smoothed labels in [0.8, 1].
            discriminator->zero_grad();
            torch::Tensor real_images = batch.data.to(device);
            torch::Tensor real_targets = torch::empty(batch.data.size(0), device).uniform_(0.8, 1.0);
            torch::Tensor real_output = discriminator->forward(real_images).reshape(real_targets.sizes());
            torch::Tensor loss_d_real = torch::binary_cross_entropy(real_output, real_targets);
            loss_d_real.backward();

            // Discriminator step, fake half: generator output, detached.
            torch::Tensor noise = torch::randn({batch.data.size(0), kNoiseSize, 1, 1}, device);
            torch::Tensor fake_images = generator->forward(noise);
            torch::Tensor fake_targets = torch::zeros(batch.data.size(0), device);
            torch::Tensor fake_output = discriminator->forward(fake_images.detach()).reshape(fake_targets.sizes());
            torch::Tensor loss_d_fake = torch::binary_cross_entropy(fake_output, fake_targets);
            loss_d_fake.backward();

            torch::Tensor loss_d = loss_d_real + loss_d_fake;
            discriminator_optimizer.step();

            // Generator step: make the discriminator answer "real".
            generator->zero_grad();
            fake_targets.fill_(1);
            fake_output = discriminator->forward(fake_images).reshape(fake_targets.sizes());
            torch::Tensor loss_g = torch::binary_cross_entropy(fake_output, fake_targets);
            loss_g.backward();
            generator_optimizer.step();
            batch_index++;

            if (batch_index % kLogInterval == 0) {
                std::printf("\r[%2ld/%2ld][%3ld/%3ld] D_loss: %.4f | G_loss: %.4f\n",
                            static_cast<long>(epoch), static_cast<long>(kNumberOfEpochs),
                            static_cast<long>(batch_index), static_cast<long>(batches_per_epoch),
                            loss_d.item<float>(), loss_g.item<float>());
            }

            if (batch_index % kCheckpointEvery == 0) {
                torch::save(generator, "generator-checkpoint.pt");
                torch::save(discriminator, "discriminator-checkpoint.pt");
                torch::Tensor samples = generator->forward(torch::randn({8, kNoiseSize, 1, 1}, device));
                torch::save((samples + 1.0) / 2.0, torch::str("dcgan-sample-", checkpoint_counter, ".pt"));
                std::cout << "\n-> checkpoint " << ++checkpoint_counter << '\n';
            }
        }
    }

    std::cout << "Training complete!" << std::endl;
}
