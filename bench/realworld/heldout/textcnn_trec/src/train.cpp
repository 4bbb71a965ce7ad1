#include "train.h"

#include <iostream>

void train_model(int32_t epochs, TextCNN& model, const Batches& train_batches, const Batches& test_batches,
                 torch::Device device) {
    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3));

    for (int32_t epoch = 1; epoch <= epochs; ++epoch) {
        model->train();
        double epoch_loss = 0.0;
        for (const auto& batch : train_batches) {
            auto data = batch.data.to(device);
            auto targets = batch.target.to(device);
            auto output = model->forward(data);
            auto loss = torch::nll_loss(output, targets);
            loss.backward();
            optimizer.step();
            epoch_loss += loss.item<double>();
        }

        torch::NoGradGuard no_grad;
        model->eval();
        int64_t correct = 0;
        int64_t total = 0;
        for (const auto& batch : test_batches) {
            auto output = model->forward(batch.data.to(device));
            correct += output.argmax(1).eq(batch.target.to(device)).sum().item<int64_t>();
            total += batch.target.size(0);
        }
        std::cout << "Epoch: " << epoch << " | Loss: " << epoch_loss / train_batches.size()
                  << " | Test accuracy: " << static_cast<double>(correct) / total << std::endl;
    }
}
