// Deep residual network on CIFAR-100.
#include <torch/torch.h>

#include <array>
#include <iomanip>
#include <iostream>
#include <string>

#include "cifar100.h"
#include "resnet.h"

using resnet::ResNet;
using resnet::ResidualBlock;

int main() {
    std::cout << "Deep Residual Network (CIFAR-100)\n\n";

    auto cuda_available = torch::cuda::is_available();
    torch::Device device(cuda_available ? torch::kCUDA : torch::kCPU);

    // Hyper parameters
    const int64_t num_classes = 100;
    const int64_t batch_size = 100;
    const size_t num_epochs = 20;
    const double learning_rate = 0.001;
    const size_t learning_rate_decay_frequency = 8;
    const double learning_rate_decay_factor = 1.0 / 3.0;

    const std::string data_path = "../data/cifar-100-binary";

    auto train_dataset = CIFAR100(data_path)
        .map(torch::data::transforms::Normalize<>({0.507, 0.487, 0.441}, {0.267, 0.256, 0.276}))
        .map(torch::data::transforms::Stack<>());
    auto num_train_samples = train_dataset.size().value();

    auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
        std::move(train_dataset), batch_size);

    std::array<int64_t, 3> layers{2, 2, 2};
    ResNet<ResidualBlock> model(layers, num_classes);
    model->to(device);

    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(learning_rate));

    std::cout << std::fixed << std::setprecision(4);

    auto current_learning_rate = learning_rate;

    for (size_t epoch = 0; epoch != num_epochs; ++epoch) {
        double running_loss = 0.0;
        size_t num_correct = 0;

        for (auto& batch : *train_loader) {
            auto data = batch.data.to(device);
            auto target = batch.target.to(device);

            auto output = model->forward(data);
            auto loss = torch::nn::functional::cross_entropy(output, target);

            running_loss += loss.item<double>() * data.size(0);
            num_correct += output.argmax(1).eq(target).sum().item<int64_t>();

            optimizer.zero_grad();
            loss.backward();
            optimizer.step();
        }

        // Decay learning rate
        if ((epoch + 1) % learning_rate_decay_frequency == 0) {
            current_learning_rate *= learning_rate_decay_factor;
            for (auto& group : optimizer.param_groups()) {
                static_cast<torch::optim::AdamOptions&>(group.options()).lr(current_learning_rate);
            }
        }

        std::cout << "Epoch [" << (epoch + 1) << "/" << num_epochs << "], Trainset - Loss: "
                  << running_loss / num_train_samples << ", Accuracy: "
                  << static_cast<double>(num_correct) / num_train_samples << '\n';
    }

    torch::save(model, "resnet_cifar100.pt");
}
