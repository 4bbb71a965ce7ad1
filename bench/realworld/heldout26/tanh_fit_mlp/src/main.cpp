#include <torch/torch.h>
#include <iostream>
#include <vector>
#include <cmath>

#include "models.h"
#include "samples.h"

int main() {
    torch::manual_seed(0);

    bool isSoftmax = false;
    int dimInput = 1;
    int dimHidden = 16;
    int dimOutput = 1;
    // torch::nn::Sequential model = createSequentialModel(dimInput, dimHidden, dimOutput, isSoftmax);

    auto model = ThreeLayerTanhNN(dimInput, dimHidden, dimOutput, isSoftmax);
    // auto model = MLP();

    // optimizer and loss function
    torch::optim::Adam optimizer(model.parameters(), torch::optim::AdamOptions(0.001));
    auto loss_fn = torch::nn::MSELoss();

    // training data
    std::vector<float> x_data;
    std::vector<float> y_data;
    makeSamples(-10, 10, 0.1, x_data, y_data);

    auto x_tensor = torch::tensor(x_data).unsqueeze(1);
    auto y_tensor = torch::tensor(y_data).unsqueeze(1);

    // train the network
    int epochs = 10000;
    for (int epoch = 0; epoch < epochs; epoch++) {
        // forward
        auto y_pred = model.forward(x_tensor);

        // loss
        auto loss = loss_fn(y_pred, y_tensor);

        // backward and step
        optimizer.zero_grad();
        loss.backward();
        optimizer.step();

        if (epoch % 1000 == 0) {
            std::cout << "Epoch: " << epoch << ", Loss: " << loss.item<float>() << std::endl;
        }
    }

    // loss after training
    auto y_pred = model.forward(x_tensor);
    auto final_loss = loss_fn(y_pred, y_tensor);
    std::cout << "final loss: " << final_loss.item<float>() << std::endl;

    // denser test points
    std::vector<float> test_x_data;
    std::vector<float> test_y_data;
    makeSamples(-10, 10, 0.05, test_x_data, test_y_data);
    auto test_x_tensor = torch::tensor(test_x_data).unsqueeze(1);
    auto test_y_pred = model.forward(test_x_tensor);
    std::vector<float> test_y_pred_data(test_y_pred.data_ptr<float>(), test_y_pred.data_ptr<float>() + test_y_pred.numel());
    float max_err = 0.0f;
    for (size_t i = 0; i < test_y_data.size(); ++i) {
        max_err = std::max(max_err, std::fabs(test_y_pred_data[i] - test_y_data[i]));
    }
    std::cout << "test points: " << test_y_data.size() << ", max abs error: " << max_err << std::endl;

    return 0;
}
