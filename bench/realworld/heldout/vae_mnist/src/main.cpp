// Variational autoencoder trained on MNIST.
#include <torch/torch.h>

#include <iomanip>
#include <iostream>
#include <string>

#include "vae.h"

int main() {
    std::cout << "Variational Autoencoder\n\n";

    auto cuda_available = torch::cuda::is_available();
    torch::Device device(cuda_available ? torch::kCUDA : torch::kCPU);
    std::cout << (cuda_available ? "CUDA available. Training on GPU." : "Training on CPU.") << '\n';

    // Hyper parameters
    VAEConfig config;
    const int64_t batch_size = 100;
    const size_t num_epochs = 15;
    const double learning_rate = 1e-3;

    const std::string data_path = "../data/mnist/";
    const std::string sample_path = "./output/";

    auto dataset = torch::data::datasets::MNIST(data_path).map(torch::data::transforms::Stack<>());
    auto num_samples = dataset.size().value();

    auto dataloader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
        std::move(dataset), batch_size);

    VAE model(config);
    model->to(device);

    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(learning_rate));

    std::cout << std::fixed << std::setprecision(4);

    for (size_t epoch = 0; epoch != num_epochs; ++epoch) {
        torch::Tensor images;
        size_t batch_index = 0;

        model->train();

        for (auto& batch : *dataloader) {
            images = batch.data.reshape({-1, config.image_size}).to(device);

            auto output = model->forward(images);

            // Reconstruction loss and KL divergence
            auto reconstruction_loss = torch::nn::functional::binary_cross_entropy(
                output.reconstruction, images,
                torch::nn::functional::BinaryCrossEntropyFuncOptions().reduction(torch::kSum));
            auto kl_divergence =
                -0.5 * torch::sum(1 + output.log_var - output.mu.pow(2) - output.log_var.exp());

            auto loss = reconstruction_loss + kl_divergence;

            optimizer.zero_grad();
            loss.backward();
            optimizer.step();

            if ((batch_index + 1) % 100 == 0) {
                std::cout << "Epoch [" << epoch + 1 << "/" << num_epochs << "], Step [" << batch_index + 1
                          << "/" << num_samples / batch_size << "], Reconstruction loss: "
                          << reconstruction_loss.item<double>() / batch.data.size(0)
                          << ", KL-divergence: " << kl_divergence.item<double>() / batch.data.size(0) << '\n';
            }
            ++batch_index;
        }

        model->eval();
        torch::NoGradGuard no_grad;

        // Sample a batch of codes from the prior and decode them
        auto z = torch::randn({batch_size, config.z_dim}).to(device);
        auto samples = model->decode(z).view({-1, 1, 28, 28});
        torch::save(samples, sample_path + "sampled-" + std::to_string(epoch + 1) + ".pt");
    }

    std::cout << "Training finished!\n";
}
