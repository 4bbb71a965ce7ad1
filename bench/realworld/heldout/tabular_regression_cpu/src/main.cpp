// House price regression on a CSV file, trained full-batch on the CPU.
#include <torch/torch.h>

#include <iostream>
#include <string>

#include "csv_reader.h"
#include "regressor.h"

const int64_t kNumFeatures = 13;
const int64_t kHidden1 = 100;
const int64_t kHidden2 = 50;
const int64_t kEpochs = 500;
const double kLearningRate = 0.01;
const double kTrainFraction = 0.8;

int main(int argc, char* argv[]) {
    const std::string csv_path = argc > 1 ? argv[1] : "housing.csv";

    auto data = read_csv(csv_path);
    auto features = data.first;
    auto targets = data.second;
    standardize(features);

    const int64_t n_train = static_cast<int64_t>(features.size(0) * kTrainFraction);
    auto x_train = features.slice(0, 0, n_train);
    auto y_train = targets.slice(0, 0, n_train);
    auto x_valid = features.slice(0, n_train);
    auto y_valid = targets.slice(0, n_train);

    Regressor model(kNumFeatures, kHidden1, kHidden2);
    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(kLearningRate));

    for (int64_t epoch = 1; epoch <= kEpochs; ++epoch) {
        model->train();
        auto prediction = model->forward(x_train);
        auto loss = torch::mse_loss(prediction, y_train);
        loss.backward();
        optimizer.step();

        if (epoch % 50 == 0) {
            torch::NoGradGuard no_grad;
            model->eval();
            auto valid_loss = torch::mse_loss(model->forward(x_valid), y_valid);
            std::cout << "epoch " << epoch << " train MSE " << loss.item<float>()
                      << " valid MSE " << valid_loss.item<float>() << std::endl;
        }
    }

    torch::save(model, "regressor.pt");
    return 0;
}
