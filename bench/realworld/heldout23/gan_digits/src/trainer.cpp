#include "trainer.h"

#include <iostream>

#include "digits_dataset.h"
#include "gan_config.h"
#include "losses.h"

GANTrainer::GANTrainer(int64_t num_images)
    : device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU), num_images(num_images),
      G(create_generator()), D(create_discriminator())
{
    std::cout << "Using device: " << device << std::endl;
    G.apply(weights_init);
    D.apply(weights_init);
    G.to(device);
    D.to(device);
}

void GANTrainer::train()
{
    torch::optim::Adam optim_G(G.parameters(), torch::optim::AdamOptions(2e-4).betas(std::make_tuple(0.5, 0.999)));
    torch::optim::Adam optim_D(D.parameters(), torch::optim::AdamOptions(2e-4).betas(std::make_tuple(0.5, 0.999)));
    auto criterion = torch::nn::BCELoss();

    auto train_dataset = StrokeDataset(num_images).map(torch::data::transforms::Stack<>());
    auto data_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
        std::move(train_dataset), BATCH_SIZE);

    for (int epoch = 1; epoch <= EPOCHS; ++epoch)
    {
        float loss_d = 0.0, loss_g = 0.0;
        int num_batches = 0;

        for (auto &batch : *data_loader)
        {
            auto images = batch.data.to(device);
            auto real_labels = torch::full({images.size(0)}, REAL_LABEL, device);
            auto fake_labels = torch::full({images.size(0)}, FAKE_LABEL, device);

            // Train Discriminator
            D.zero_grad();
            auto d_real = D.forward(images).view(-1);
            auto d_loss_real = criterion(d_real, real_labels);
            d_loss_real.backward();

            auto noise = torch::randn({images.size(0), LATENT_DIM, 1, 1}, device);
            auto fake_images = G.forward(noise);
            auto d_fake = D.forward(fake_images.detach()).view(-1);
            auto d_loss_fake = criterion(d_fake, fake_labels);
            d_loss_fake.backward();
            optim_D.step();

            auto d_loss = d_loss_real + d_loss_fake;
            loss_d += d_loss.item<float>();

            // Train Generator
            G.zero_grad();
            auto d_fake_gen = D.forward(fake_images).view(-1);
            auto g_loss = generator_loss(d_fake_gen);
            g_loss.backward();
            optim_G.step();

            loss_g += g_loss.item<float>();
            num_batches++;
            steps++;
        }

        last_loss_d = loss_d / num_batches;
        last_loss_g = loss_g / num_batches;
        std::cout << "Epoch [" << epoch << "/" << EPOCHS << "], "
                  << "Loss_D: " << last_loss_d << ", "
                  << "Loss_G: " << last_loss_g << std::endl;
    }
}

std::pair<double, double> GANTrainer::evaluate(int64_t count)
{
    torch::NoGradGuard no_grad;
    G.eval();
    D.eval();
    auto real = make_stroke_images(count).to(device);
    auto fake = G.forward(torch::randn({count, LATENT_DIM, 1, 1}, device));
    auto p_real = D.forward(real).view(-1);
    auto p_fake = D.forward(fake).view(-1);
    const double accuracy = (p_real.gt(0.5).sum().item<double>() + p_fake.le(0.5).sum().item<double>()) / (2.0 * count);
    const double mean_gap = (fake.mean(0) - real.mean(0)).abs().mean().item<double>();
    G.train();
    D.train();
    return {accuracy, mean_gap};
}
