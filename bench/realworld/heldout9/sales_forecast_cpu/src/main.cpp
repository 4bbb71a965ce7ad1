#include <torch/torch.h>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <map>
#include <vector>

#include "file.h"
#include "nn.h"
#include "prediction.h"

// Neural network definition (the first version, kept as a baseline)
struct DemandPredictionNet : torch::nn::Module {
    DemandPredictionNet(bool is_training=true) {
        // Input and output layers
        if (is_training) {
            input_layer = register_module("input_layer", torch::nn::Linear(3, 64));  // 3 inputs in training mode
        } else {
            input_layer = register_module("input_layer", torch::nn::Linear(3, 64));  // 3 inputs in test mode
        }
        hidden_layer = register_module("hidden_layer", torch::nn::Linear(64, 20));
        output_layer = register_module("output_layer", torch::nn::Linear(20, 1));
    }

    // Forward pass
    torch::Tensor forward(torch::Tensor input) {
        input = torch::relu(input_layer(input));
        input = torch::relu(hidden_layer(input));
        return output_layer(input);
    }

    // Layers
    torch::nn::Linear input_layer{nullptr}, hidden_layer{nullptr}, output_layer{nullptr};
};

// Random training data for the baseline
std::vector<std::tuple<int, int, int, float>> generate_test_data(int num_samples) {
    std::vector<std::tuple<int, int, int, float>> data;

    for (int i = 0; i < num_samples; ++i) {
        int product_id = rand() % 10 + 1; // number of products in the shop
        int day = rand() % 31 + 1;
        int month = rand() % 12 + 1;
        float sales = 20.0f + 2.0f * product_id + 8.0f * std::sin(6.2831853f * (month - 4) / 12.0f) + static_cast<float>(rand() % 5);

        data.emplace_back(product_id, day, month, sales);
    }

    return data;
}

int main() {
    srand(7);
    torch::manual_seed(7);

    // ---- baseline: the first network, trained on raw ids/days/months ----
    DemandPredictionNet net(true);
    torch::optim::Adam optimizer(net.parameters(), torch::optim::AdamOptions(0.01));

    int num_epochs = 150;

    std::vector<std::tuple<int, int, int, float>> training_data = generate_test_data(1000);

    float baseline_loss = 0.0f;
    for (int epoch = 0; epoch < num_epochs; ++epoch) {
        // Prepare the training data
        torch::Tensor input_data = torch::empty({static_cast<int64_t>(training_data.size()), 3}, torch::kFloat32);
        torch::Tensor target_data = torch::empty({static_cast<int64_t>(training_data.size()), 1}, torch::kFloat32);

        for (size_t i = 0; i < training_data.size(); ++i) {
            input_data[i][0] = static_cast<float>(std::get<0>(training_data[i]));  // product id
            input_data[i][1] = static_cast<float>(std::get<1>(training_data[i]));  // day
            input_data[i][2] = static_cast<float>(std::get<2>(training_data[i]));  // month

            target_data[i][0] = std::get<3>(training_data[i]);  // target: number of sales
        }

        // Reset the gradients
        optimizer.zero_grad();

        // Forward pass
        torch::Tensor output = net.forward(input_data);

        // Loss
        torch::Tensor loss = torch::mse_loss(output, target_data);

        // Backward pass and optimisation
        loss.backward();
        optimizer.step();

        baseline_loss = loss.item<float>();
        if (epoch % 50 == 0) {
            std::cout << "Epoch: " << epoch << ", Loss: " << loss.item<float>() << std::endl;
        }
    }
    std::cout << "baseline final loss: " << baseline_loss << std::endl;

    // ---- the LSTM model of one product ----
    int prod = 3;
    if (learn(&prod)) {
        std::cout << "training diverged" << std::endl;
        return 1;
    }

    int history = historyLength();
    update_online(&prod, history, 30);

    std::vector<int> endDate = { history + 30, history + 60 };
    std::map<int, float> forecast = prediction(&endDate, &prod);

    double mae = 0.0, naive_mae = 0.0;
    for (const auto &kv : forecast) {
        float truth = getSales(prod, kv.first);
        mae += std::abs(kv.second - truth);
        naive_mae += std::abs(getSales(prod, kv.first - 365) - truth);
    }
    mae /= forecast.size();
    naive_mae /= forecast.size();

    std::cout << "final loss: " << last_train_loss << std::endl;
    std::cout << "test MAE over " << forecast.size() << " days: " << mae << " (same day last year: " << naive_mae << ")" << std::endl;
    return 0;
}
