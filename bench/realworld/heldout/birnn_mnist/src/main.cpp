// Bidirectional recurrent neural network on MNIST (rows as time steps).
#include <torch/torch.h>

#include <iomanip>
#include <iostream>
#include <string>

#include "bi_rnn.h"

int main() {
    std::cout << "Bidirectional Recurrent Neural Network\n\n";

    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

    // Hyper parameters
    const int64_t sequence_length = 28;
    const int64_t input_size = 28;
    const int64_t hidden_size = 100;
    const int64_t num_layers = 2;
    const int64_t num_classes = 10;
    const int64_t batch_size = 100;
    const size_t num_epochs = 2;
    const double learning_rate = 0.003;

    const std::string data_path = "../data/mnist/";

    auto train_dataset = torch::data::datasets::MNIST(data_path)
        .map(torch::data::transforms::Normalize<>(0.1307, 0.3081))
        .map(torch::data::transforms::Stack<>());
    auto num_train_samples = train_dataset.size().value();

    auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
        std::move(train_dataset), batch_size);

    BiRNN model(input_size, hidden_size, num_layers, num_classes);
    model->to(device);

    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(learning_rate));

    std::cout << std::fixed << std::setprecision(4);

    for (size_t epoch = 0; epoch != num_epochs; ++epoch) {
        double running_loss = 0.0;
        size_t num_correct = 0;

        for (auto& batch : *train_loader) {
            optimizer.zero_grad();

            auto data = batch.data.view({-1, sequence_length, input_size}).to(device);
            auto target = batch.target.to(device);

            auto output = model->forward(data);
            auto loss = torch::nll_loss(output, target);

            loss.backward();
            optimizer.step();

            running_loss += loss.item<double>() * data.size(0);
            num_correct += output.argmax(1).eq(target).sum().item<int64_t>();
        }

        std::cout << "Epoch [" << (epoch + 1) << "/" << num_epochs << "], Loss: "
                  << running_loss / num_train_samples << ", Accuracy: "
                  << static_cast<double>(num_correct) / num_train_samples << '\n';
    }

    torch::save(model, "birnn.pt");
}
