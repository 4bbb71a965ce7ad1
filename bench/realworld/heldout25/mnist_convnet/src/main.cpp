#include <iostream>
#include <torch/torch.h>

#include "digits.h"
#include "nets.h"

int main() {
    torch::manual_seed(0);

    torch::Device device(torch::kCPU);
    if (torch::cuda::is_available()) {
        std::cout<<"CUDA is available\n";
        device = torch::Device(torch::kCUDA);
    }

    auto net = std::make_shared<Conv_Net>();
    net->to(device);

    auto dataset = SyntheticDigits(SyntheticDigits::Mode::kTrain)
                    .map(torch::data::transforms::Normalize<>(0.1307, 0.3081))
                    .map(torch::data::transforms::Stack<>());

    auto data_loader = torch::data::make_data_loader(std::move(dataset),
                        torch::data::DataLoaderOptions().batch_size(64));

    // Set up an optimizer.
    torch::optim::Adam optimizer(net->parameters(), 0.01);

    float last_loss = 0.0f;
    // Determine how many epochs you want to train for and run them in a loop
    for (size_t epoch = 0; epoch != 5; ++epoch) {

        size_t batch_index = 0;
        // Iterate the data loader to yield batches from the dataset.
        for (auto& batch : *data_loader) {

            auto data = batch.data.to(device);
            auto targets = batch.target.to(device);

            // Reset gradients.
            optimizer.zero_grad();
            // Execute the model on the input data.
            torch::Tensor prediction = net->forward(data);
            // Compute a loss value to judge the prediction of our model.
            torch::Tensor loss = torch::nll_loss(prediction, targets);
            // Compute gradients of the loss w.r.t. the parameters of our model.
            loss.backward();
            // Update the parameters based on the calculated gradients.
            optimizer.step();

            last_loss = loss.item<float>();
            // Output the loss every 10 batches.
            if (++batch_index % 10 == 0) {
                std::cout << "Epoch: " << epoch << " | Batch: " << batch_index
                    << " | Loss: " << last_loss << std::endl;
            }
        }
    }

    // Create the test dataset
    auto test_dataset = SyntheticDigits(SyntheticDigits::Mode::kTest)
        .map(torch::data::transforms::Normalize<>(0.1307, 0.3081))  // Normalize data
        .map(torch::data::transforms::Stack<>());  // Stack data into a single tensor

    // Create a data loader for the test dataset
    auto test_loader = torch::data::make_data_loader(
        std::move(test_dataset),
        torch::data::DataLoaderOptions());

    // Switch model to evaluation mode
    net->eval();

    int correct = 0;  // Count of correct predictions
    int total = 0;    // Total number of samples processed

    // Iterate over the test dataset
    for (auto& batch : *test_loader) {

        auto data = batch.data.to(device);   // Features (input images)
        auto targets = batch.target.squeeze().to(device); // Targets (true labels)

        // Forward pass to get the output from the model
        auto output = net->forward(data);

        // Get the predictions by finding the index of the max log-probability
        auto pred = output.argmax(1);

        // Compare predictions with true labels
        correct += pred.eq(targets).sum().item<int64_t>();
        total += data.size(0);  // Increment total by the batch size
    }

    // Calculate accuracy
    double accuracy = static_cast<double>(correct) / total;
    std::cout << "Accuracy: " << accuracy * 100.0 << "%" << std::endl;
    std::cout << "final loss: " << last_loss << std::endl;

    return 0;
}
