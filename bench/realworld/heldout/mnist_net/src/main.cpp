#include <torch/torch.h>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "net.h"

// Where to find the MNIST dataset.
const char* kDataRoot = "./data";

// The batch size for training.
const int64_t kTrainBatchSize = 64;

// The batch size for testing.
const int64_t kTestBatchSize = 1000;

// After how many batches to log a new update with the loss value.
const int64_t kLogInterval = 10;

template <typename Loader>
void train(size_t epoch, Net& model, torch::Device device, Loader& loader, torch::optim::Optimizer& optimizer,
           size_t dataset_size) {
    model.train();
    size_t seen = 0;
    size_t step = 0;
    for (auto& batch : loader) {
        auto images = batch.data.to(device);
        auto labels = batch.target.to(device);
        optimizer.zero_grad();
        auto log_probs = model.forward(images);
        auto loss = torch::nll_loss(log_probs, labels);
        AT_ASSERT(!std::isnan(loss.template item<float>()));
        loss.backward();
        optimizer.step();

        seen += static_cast<size_t>(images.size(0));
        if (step++ % kLogInterval == 0) {
            std::printf("\rTrain Epoch: %zu [%5zu/%5zu] Loss: %.4f", epoch, seen, dataset_size,
                        loss.template item<float>());
        }
    }
}

template <typename Loader>
void test(Net& model, torch::Device device, Loader& loader, size_t dataset_size) {
    torch::NoGradGuard no_grad;
    model.eval();
    double loss_sum = 0;
    int64_t hits = 0;
    for (const auto& batch : loader) {
        auto images = batch.data.to(device);
        auto labels = batch.target.to(device);
        auto log_probs = model.forward(images);
        loss_sum += torch::nll_loss(log_probs, labels, {}, torch::Reduction::Sum).template item<double>();
        hits += log_probs.argmax(1).eq(labels).sum().template item<int64_t>();
    }
    std::printf("\nTest set: Average loss: %.4f | Accuracy: %.3f\n", loss_sum / dataset_size,
                static_cast<double>(hits) / dataset_size);
}

int main(int argc, char* argv[]) {
    size_t epochs = 10;
    double lr = 0.01;
    if (argc > 1) epochs = static_cast<size_t>(std::atoi(argv[1]));
    if (argc > 2) lr = std::atof(argv[2]);

    torch::manual_seed(1);

    torch::DeviceType device_type;
    if (torch::cuda::is_available()) {
        std::cout << "CUDA available! Training on GPU." << std::endl;
        device_type = torch::kCUDA;
    } else {
        std::cout << "Training on CPU." << std::endl;
        device_type = torch::kCPU;
    }
    torch::Device device(device_type);

    Net model;
    model.to(device);

    auto train_dataset = torch::data::datasets::MNIST(kDataRoot)
                             .map(torch::data::transforms::Normalize<>(0.1307, 0.3081))
                             .map(torch::data::transforms::Stack<>());
    const size_t train_dataset_size = train_dataset.size().value();
    auto train_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
        std::move(train_dataset), kTrainBatchSize);

    auto test_dataset = torch::data::datasets::MNIST(kDataRoot, torch::data::datasets::MNIST::Mode::kTest)
                            .map(torch::data::transforms::Normalize<>(0.1307, 0.3081))
                            .map(torch::data::transforms::Stack<>());
    const size_t test_dataset_size = test_dataset.size().value();
    auto test_loader = torch::data::make_data_loader(std::move(test_dataset), kTestBatchSize);

    torch::optim::SGD optimizer(model.parameters(), torch::optim::SGDOptions(lr).momentum(0.5));

    for (size_t epoch = 1; epoch <= epochs; ++epoch) {
        train(epoch, model, device, *train_loader, optimizer, train_dataset_size);
        test(model, device, *test_loader, test_dataset_size);
    }
}
