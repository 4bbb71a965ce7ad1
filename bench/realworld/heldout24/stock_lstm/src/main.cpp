#include <iostream>
#include <LSTMModel.h>
#include <torch/torch.h>
#include "stock.h"
#include "trainer.h"

int main() {
    torch::manual_seed(42);

    // Device
    auto cuda_available = torch::cuda::is_available();
    torch::Device device(cuda_available ? torch::kCUDA : torch::kCPU);
    std::cout << (cuda_available ? "CUDA available. Training on GPU." : "Training on CPU.") << std::endl;

    // Hyper parameters
    const int64_t inputSize = 10;
    const int64_t hiddenLayerSize = 20;
    const int64_t numLayers = 2;
    const int64_t batch_size = 20;
    const int64_t outputSize = 1;
    const int64_t window = 8;
    const int64_t epochs = 8;
    double dropoutRate = 0.2;

    LSTMModel model(inputSize, hiddenLayerSize, numLayers, outputSize, dropoutRate);
    model.to(device);

    // Configure datasets & dataloaders
    auto datasets = parseData(inputSize, window);
    StockDataset training_dataset = std::get<0>(datasets);
    StockDataset test_dataset = std::get<1>(datasets);

    auto num_training_samples = training_dataset.size().value();
    auto num_test_samples = test_dataset.size().value();
    std::cout << "training samples: " << num_training_samples << ", test samples: " << num_test_samples << std::endl;

    auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
        training_dataset.map(torch::data::transforms::Stack<>()), batch_size);

    torch::optim::Adam optimizer(model.parameters(), torch::optim::AdamOptions(3e-3));

    const EvalResult before = evaluate(model, test_dataset, device);
    double last = 0.0;
    for (int64_t epoch = 1; epoch <= epochs; ++epoch) {
        last = train_epoch(model, *train_loader, optimizer, device);
        std::cout << "Epoch " << epoch << " | train loss " << last << std::endl;
    }
    const EvalResult after = evaluate(model, test_dataset, device);

    std::cout << "final loss: " << last << std::endl;
    std::cout << "test MSE: " << before.mse << " -> " << after.mse << std::endl;
    std::cout << "test direction accuracy: " << before.directionAccuracy << " -> " << after.directionAccuracy << std::endl;
    return 0;
}
