#include "runs.h"

#include "data/repr.h"
#include "models/linear_models.h"

#include <cmath>
#include <iostream>

float test_linear(data_set train, data_set dev, torch::Device device) {
    torch::Tensor x_train = get_data(train);
    torch::Tensor y_train = get_labels(train);
    torch::Tensor x_dev = get_data(dev);
    torch::Tensor y_dev = get_labels(dev);

    auto net = MNIST_LinearNet();
    net.to(device);

    const double acc_before = accuracy(net.forward(x_dev.to(device)).to(torch::kCPU), y_dev);

    auto optim = torch::optim::RMSprop(net.parameters(), torch::optim::RMSpropOptions(1e-3));

    int batch_size = 32;
    int nb_batch = (int) ceil(double(x_train.size(0)) / double(batch_size));
    float last_loss = 0.f;

    for (int e = 0; e < 2; e++) {
        float sum_loss = 0.f;
        for (int b_idx = 0; b_idx < nb_batch; b_idx++) {
            int i_min = batch_size * b_idx;
            int i_max = std::min<int>(batch_size * (b_idx + 1), x_train.size(0));

            auto x_batch = x_train.slice(0, i_min, i_max).to(device);
            auto y_batch = y_train.slice(0, i_min, i_max).to(device);

            optim.zero_grad();
            auto loss = torch::nll_loss(net.forward(x_batch), y_batch);
            loss.backward();
            optim.step();

            last_loss = loss.item().toFloat();
            sum_loss += last_loss;
        }
        std::cout << "Linear epoch " << e << ", mean loss = " << (sum_loss / nb_batch) << std::endl;
    }

    torch::NoGradGuard no_grad;
    const double acc_after = accuracy(net.forward(x_dev.to(device)).to(torch::kCPU), y_dev);
    std::cout << "linear dev accuracy: " << acc_before << " -> " << acc_after << std::endl;
    return last_loss;
}
