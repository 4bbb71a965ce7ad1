#include <iostream>
#include <string>
#include <torch/torch.h>
#include "CNN.h"

using namespace std;

int main() {
    torch::manual_seed(0);

    torch::DeviceType device_type;

    if (torch::cuda::is_available()) {
        device_type = torch::kCUDA;
    } else {
        device_type = torch::kCPU;
    }
    torch::Device device(device_type);

    auto cnn = plainCNN(3, 1);
    cnn.to(device);
    auto cnn_input = torch::randint(255, {1, 3, 112, 112}, torch::kFloat).to(device);
    torch::optim::Adam optimizer_cnn(cnn.parameters(), 0.0003);
    auto cnn_target = torch::zeros({1, 1, 12, 12}).to(device);
    float last = 0.0f;
    for (int i = 0; i < 30; i++) {
        optimizer_cnn.zero_grad();
        auto out = cnn.forward(cnn_input);
        auto loss = torch::mse_loss(out, cnn_target);
        loss.backward();
        optimizer_cnn.step();
        last = loss.item<float>();
        if (i % 5 == 0) {
            cout << "iter " << i << " loss " << last << " out[0][0][0][0] " << out[0][0][0][0].item<float>() << endl;
        }
    }
    cout << "final loss: " << last << endl;

    return 0;
}
